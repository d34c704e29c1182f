// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let response = client
        .put("https://api.example.com/blob")
        .body("a=1\n")
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
