// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let method = reqwest::Method::from_bytes(b"PROPFIND")?;

    let response = client
        .request(method, "https://dav.example.com/files/")
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
