// Cargo.toml: reqwest = { version = "0.13", features = ["blocking", "multipart"] }
use reqwest::blocking::multipart;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let f = multipart::Part::text("hello\n").file_name("-");
    let g = multipart::Part::text("").file_name("-");
    let form = multipart::Form::new()
        .part("f", f)
        .part("g", g)
        .text("h", "");

    let response = client
        .post("https://api.example.com/upload")
        .multipart(form)
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
