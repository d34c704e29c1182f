// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let cookies = cookies_from_file("cookies.txt", "http://127.0.0.1/");

    let response = client
        .get("http://127.0.0.1/")
        .header("Cookie", cookies.join("; "))
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}

/// Reads a Netscape cookie file like curl -b file: the cookies whose domain,
/// path, secure flag and expiry match the URL.
fn cookies_from_file(file: &str, url: &str) -> Vec<String> {
    let url = reqwest::Url::parse(url).expect("a valid URL");
    let host = url
        .host_str()
        .unwrap_or("")
        .trim_matches(|c| c == '[' || c == ']')
        .to_lowercase();
    let local = ["localhost", "127.0.0.1", "::1"].contains(&host.as_str());
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    // Like curl, a cookie file that cannot be read gives no cookies.
    let content = std::fs::read_to_string(file).unwrap_or_default();
    let mut cookies = Vec::new();
    for line in content.lines() {
        let line = line.strip_prefix("#HttpOnly_").unwrap_or(line);
        let fields: Vec<&str> = line.split('\t').collect();
        if line.starts_with('#') || fields.len() < 7 {
            continue;
        }
        let domain = fields[0].trim_start_matches('.').to_lowercase();
        let expires: i64 = fields[4].parse().unwrap_or(0);
        if (host == domain || host.ends_with(&format!(".{domain}")))
            && url.path().starts_with(fields[2])
            && (!fields[3].eq_ignore_ascii_case("TRUE") || url.scheme() == "https" || local)
            && (expires == 0 || expires >= now)
        {
            cookies.push(format!("{}={}", fields[5], fields[6]));
        }
    }
    cookies
}
