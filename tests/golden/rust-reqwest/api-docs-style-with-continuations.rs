// Cargo.toml: reqwest = { version = "0.13", features = ["blocking", "form"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let response = client
        .post("https://api.example.com/v1/charges")
        .basic_auth("sk_test_123", Some(""))
        .form(&[("amount", "2000"), ("currency", "usd")])
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
