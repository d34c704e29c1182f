// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let proxy = reqwest::Proxy::all("http://proxy.local:3128")?.basic_auth("pu", "pp");
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .proxy(proxy)
        .build()?;

    let response = client.get("https://api.example.com/").send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
