// Cargo.toml: reqwest = { version = "0.13", features = ["blocking", "multipart"] }
use reqwest::blocking::multipart;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let image = multipart::Part::bytes(std::fs::read("pic.png")?)
        .file_name("avatar.png")
        .mime_str("image/png")?;
    let form = multipart::Form::new().part("image", image);

    let response = client
        .post("https://api.example.com/upload")
        .multipart(form)
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
