// Cargo.toml: reqwest = { version = "0.13", features = ["blocking", "multipart"] }
use reqwest::blocking::multipart;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let f = multipart::Part::bytes(std::fs::read("/dev/stdin")?)
        .file_name("-")
        .mime_str("application/octet-stream")?;
    let form = multipart::Form::new().part("f", f).text("g", "x");

    let response = client
        .post("https://api.example.com/upload")
        .multipart(form)
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
