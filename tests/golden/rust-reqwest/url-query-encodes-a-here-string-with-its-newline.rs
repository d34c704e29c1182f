// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let response = client
        .get("https://api.example.com/search?a%3d1%26b%3d2%0a")
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
