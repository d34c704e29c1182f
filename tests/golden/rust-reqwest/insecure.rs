// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .danger_accept_invalid_certs(true)
        .build()?;

    let response = client.get("https://self-signed.example/").send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
