// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }
use std::io::Read;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let mut body = Vec::new();
    std::io::stdin().read_to_end(&mut body)?;

    let response = client
        .put("https://api.example.com/blob")
        .body(body)
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
