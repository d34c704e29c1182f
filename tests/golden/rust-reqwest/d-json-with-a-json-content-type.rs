// Cargo.toml: reqwest = { version = "0.13", features = ["blocking", "json"] }
// Cargo.toml: serde_json = "1"
use serde_json::json;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let response = client
        .post("https://api.example.com/items")
        .json(&json!({"name": "Blue shoes", "price": 42.5}))
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
