// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let response = client
        .post("https://api.example.com/graphql")
        .header("accept", "*/*")
        .header("content-type", "application/json")
        .header("origin", "https://app.example.com")
        .body(r#"{"query":"{ me { name } }","note":"it's"}"#)
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
