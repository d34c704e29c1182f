// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let response = client
        .get("https://api.example.com/")
        .header("User-Agent", "Mozilla/5.0 (X11)")
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
