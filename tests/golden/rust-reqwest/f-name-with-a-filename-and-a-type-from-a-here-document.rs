// Cargo.toml: reqwest = { version = "0.13", features = ["blocking", "multipart"] }
use reqwest::blocking::multipart;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let doc = multipart::Part::text("# Notes\nline two\n")
        .file_name("notes.txt")
        .mime_str("text/markdown")?;
    let form = multipart::Form::new().part("doc", doc).text("a", "1");

    let response = client
        .post("https://api.example.com/upload")
        .multipart(form)
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
