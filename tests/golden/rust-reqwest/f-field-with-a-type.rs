// Cargo.toml: reqwest = { version = "0.13", features = ["blocking", "multipart"] }
use reqwest::blocking::multipart;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let meta = multipart::Part::text(r#"{"a":1}"#).mime_str("application/json")?;
    let form = multipart::Form::new().part("meta", meta);

    let response = client
        .post("https://api.example.com/upload")
        .multipart(form)
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
