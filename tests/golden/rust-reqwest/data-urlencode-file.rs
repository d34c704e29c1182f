// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let mut body = Vec::new();
    body.extend(url_encode(&std::fs::read("note.txt")?).bytes());

    let response = client
        .post("https://api.example.com/")
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body(body)
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}

/// URL-encodes bytes as curl's --data-urlencode does.
fn url_encode(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        match b {
            b if b.is_ascii_alphanumeric() || b"-._~".contains(&b) => out.push(b as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
