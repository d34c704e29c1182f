// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let user_id = std::env::var("USER_ID").unwrap_or_default();

    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let response = client
        .get(format!("https://api.example.com/users/{user_id}/orders"))
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
