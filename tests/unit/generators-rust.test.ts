import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { rustReqwest } from '../../src/core/generators/rust/reqwest.ts';

function generate(command: string) {
  return rustReqwest.generate(specFromCurl(parseCurl(command).requests[0]!));
}

/** The lines from the first that starts with `from` up to (not including) the next that starts with `to`. */
function section(code: string, from: string, to: string): string {
  const lines = code.split('\n');
  const start = lines.findIndex((line) => line.trimStart().startsWith(from));
  const end = lines.findIndex((line, i) => i > start && line.trimStart().startsWith(to));
  expect(start, `no line starting with ${from}`).toBeGreaterThanOrEqual(0);
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

/** The `let response = ...;` statement. */
const request = (code: string) => section(code, 'let response =', 'println!');

describe('rust-reqwest', () => {
  it('lays out a body longer than any line width (a 200 KB literal stays on one line, as rustfmt leaves it)', () => {
    const body = 'x'.repeat(200_000);
    const code = generate(`curl https://example.com/ --data-raw '${body}'`).code;
    expect(code.split('\n').some((line) => line.includes(`"${body}"`))).toBe(true);
  });

  it('describes itself', () => {
    expect(rustReqwest).toMatchObject({
      id: 'rust-reqwest',
      title: 'Rust (reqwest)',
      language: 'rust',
      extension: 'rs',
    });
  });

  it('writes a whole rustfmt-formatted program for a GET, not following redirects', () => {
    expect(generate('curl https://api.example.com/items?q=blue%20shoes').code)
      .toBe(`// Cargo.toml: reqwest = { version = "0.13", features = ["blocking"] }

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;

    let response = client
        .get("https://api.example.com/items?q=blue%20shoes")
        .send()?;

    println!("{}", response.status());
    println!("{}", response.text()?);
    Ok(())
}
`);
  });

  it('keeps a short chain on one line, as rustfmt does', () => {
    const { code } = generate('curl -L https://api.example.com/');
    expect(code).toContain('    let client = reqwest::blocking::Client::new();\n');
    expect(code).toContain('    let response = client.get("https://api.example.com/").send()?;\n');
  });

  it('uses json! when serde_json writes exactly the same bytes', () => {
    const { code, warnings } = generate(
      `curl -H 'Content-Type: application/json' -d '{"name":"Blue shoes","price":42.5}' https://api.example.com/items`,
    );
    expect(code).toMatch(/^\/\/ Cargo.toml: reqwest = \{ version = "0.13", features = \["blocking", "json"\] \}\n/);
    expect(code).toContain('// Cargo.toml: serde_json = "1"\nuse serde_json::json;\n');
    // `.json()` sets the Content-Type itself.
    expect(request(code)).toBe(
      [
        '    let response = client',
        '        .post("https://api.example.com/items")',
        '        .json(&json!({"name": "Blue shoes", "price": 42.5}))',
        '        .send()?;',
        '',
      ].join('\n'),
    );
    expect(warnings).toEqual([]);
  });

  it('lays a long json! document out one entry per line', () => {
    const body = { description: 'A very comfortable pair of blue shoes', name: 'Blue shoes', tags: ['a', 'b'] };
    const { code } = generate(`curl --json '${JSON.stringify(body)}' https://api.example.com/items`);
    expect(section(code, '.json(', '.send()')).toBe(
      [
        '        .json(&json!({',
        '            "description": "A very comfortable pair of blue shoes",',
        '            "name": "Blue shoes",',
        '            "tags": ["a", "b"]',
        '        }))',
      ].join('\n'),
    );
    // --json's Accept header stays.
    expect(code).toContain('.header("Accept", "application/json")');
  });

  it('sends the exact JSON text when serde_json would reorder the keys or the type is not application/json', () => {
    const unsorted = generate(`curl -H 'Content-Type: application/json' -d '{"b":1,"a":2}' https://api.example.com/`);
    expect(unsorted.code).not.toContain('json!');
    expect(unsorted.code).toContain('.header("Content-Type", "application/json")');
    expect(unsorted.code).toContain('.body(r#"{"b":1,"a":2}"#)');

    const vendor = generate(
      `curl -H 'Content-Type: application/vnd.api+json' -d '{"data":{}}' https://api.example.com/`,
    );
    expect(vendor.code).toContain('.header("Content-Type", "application/vnd.api+json")');
    expect(vendor.code).toContain('.body(r#"{"data":{}}"#)');
  });

  it("sends the exact JSON text when json! would expand deeper than rustc's recursion limit", () => {
    const command = (value: unknown) => `curl --json '${JSON.stringify(value)}' https://api.example.com/`;
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${100 + i}`, i]));
    const nested = (depth: number) => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i++) value = { a: value };
      return value;
    };
    // Measured with serde_json 1.0.154: 42 keys, or 32 levels of one-key objects, do not compile.
    expect(generate(command(keys(39))).code).toContain('.json(&json!(');
    expect(generate(command(keys(41))).code).not.toContain('json!');
    expect(generate(command(keys(41))).code).toContain('.body(r#"{"k100":0,');
    expect(generate(command(nested(23))).code).toContain('.json(&json!(');
    expect(generate(command(nested(24))).code).not.toContain('json!');
    expect(generate(command({ a: Array.from({ length: 112 }, (_, i) => i) })).code).toContain('json!');
    expect(generate(command({ a: Array.from({ length: 113 }, (_, i) => i) })).code).not.toContain('json!');
  });

  it('uses .form() only when it encodes to the exact bytes', () => {
    const plain = generate("curl -d 'amount=2000&currency=usd' -u 'sk_test_123:' https://api.example.com/v1/charges");
    expect(request(plain.code)).toBe(
      [
        '    let response = client',
        '        .post("https://api.example.com/v1/charges")',
        '        .basic_auth("sk_test_123", Some(""))',
        '        .form(&[("amount", "2000"), ("currency", "usd")])',
        '        .send()?;',
        '',
      ].join('\n'),
    );

    // curl sends the space as written; .form() would send `a=b+c`.
    const spaced = generate("curl -d 'a=b c' https://api.example.com/");
    expect(spaced.code).not.toContain('.form(');
    expect(spaced.code).toContain('.header("Content-Type", "application/x-www-form-urlencoded")');
    expect(spaced.code).toContain('.body("a=b c")');
  });

  it('builds a multipart form with the file read from disk and the type curl would send', () => {
    const { code } = generate(
      "curl -F 'title=Report' -F 'file=@note.txt' -F 'image=@pic.png;type=image/x-png' https://api.example.com/upload",
    );
    expect(code).toContain('features = ["blocking", "multipart"]');
    expect(code).toContain('use reqwest::blocking::multipart;\n');
    expect(section(code, 'let file =', 'let response =')).toBe(
      [
        '    let file = multipart::Part::bytes(std::fs::read("note.txt")?)',
        '        .file_name("note.txt")',
        '        .mime_str("text/plain")?;',
        '    let image = multipart::Part::bytes(std::fs::read("pic.png")?)',
        '        .file_name("pic.png")',
        '        .mime_str("image/x-png")?;',
        '    let form = multipart::Form::new()',
        '        .text("title", "Report")',
        '        .part("file", file)',
        '        .part("image", image);',
        '',
      ].join('\n'),
    );
    expect(code).toContain('        .multipart(form)\n');
  });

  it('keeps multipart names reqwest would percent-encode as curl sends them', () => {
    const { code } = generate(`curl -F 'my file=@note.txt' -F 'a"b=1' https://api.example.com/upload`);
    expect(code).toContain('.part("my file", my_file)');
    expect(code).toContain('.text("a%22b", "1")');
    expect(code).toContain('.percent_encode_noop();');
  });

  it('reads shell variables from the environment once, at the top', () => {
    const { code } = generate(
      `curl -H "Authorization: Bearer $TOKEN" -H "X-Token: $TOKEN" -d "$TOKEN" "https://api.example.com/users/\${USER_ID}/orders"`,
    );
    expect(section(code, 'let user_id =', 'let client =')).toBe(
      [
        '    let user_id = std::env::var("USER_ID").unwrap_or_default();',
        '    let token = std::env::var("TOKEN").unwrap_or_default();',
        '',
      ].join('\n'),
    );
    expect(request(code)).toBe(
      [
        '    let response = client',
        '        .post(format!("https://api.example.com/users/{user_id}/orders"))',
        '        .header("Authorization", format!("Bearer {token}"))',
        '        .header("X-Token", &token)',
        '        .header("Content-Type", "application/x-www-form-urlencoded")',
        '        .body(token.clone())',
        '        .send()?;',
        '',
      ].join('\n'),
    );
  });

  it('never puts literal text with braces into a format string', () => {
    const { code } = generate(`curl -H "X-Template: {0} {name} $TOKEN }" https://api.example.com/`);
    expect(code).toContain('.header("X-Template", format!("{}{token}{}", "{0} {name} ", " }"))');
  });

  it('URL-encodes a variable for --data-urlencode when the program runs', () => {
    const { code } = generate(`curl --data-urlencode "q=$QUERY" https://api.example.com/search`);
    expect(section(code, 'let mut body =', 'let response =')).toBe(
      [
        '    let mut body = Vec::new();',
        '    body.extend_from_slice(b"q=");',
        '    body.extend(url_encode(query.as_bytes()).bytes());',
        '',
      ].join('\n'),
    );
    expect(code).toContain('fn url_encode(bytes: &[u8]) -> String {');
  });

  it('strips newlines from -d @file like curl', () => {
    const { code } = generate('curl -d @form.txt https://api.example.com/');
    expect(section(code, 'let mut body =', 'let response =')).toBe(
      ['    let mut body = std::fs::read("form.txt")?;', "    body.retain(|&b| b != b'\\r' && b != b'\\n');", ''].join(
        '\n',
      ),
    );
    expect(generate('curl --data-binary @data.bin https://api.example.com/').code).toContain(
      '.body(std::fs::read("data.bin")?)',
    );
  });

  it('expresses -u as basic_auth, and lets an Authorization header win', () => {
    expect(generate('curl -u alice:s3cret https://api.example.com/').code).toContain(
      '.basic_auth("alice", Some("s3cret"))',
    );
    const both = generate("curl -u a:b -H 'Authorization: Bearer x' https://api.example.com/").code;
    expect(both).not.toContain('basic_auth');
    expect(both).toContain('.header("Authorization", "Bearer x")');
    // reqwest would turn URL credentials into a second Authorization line: they become basic_auth.
    const inUrl = generate("curl 'https://bob:pw@api.example.com/'").code;
    expect(inUrl).toContain('.get("https://api.example.com/")');
    expect(inUrl).toContain('.basic_auth("bob", Some("pw"))');
  });

  it('configures -k, -L with --max-redirs, -m, --connect-timeout and -x on the client', () => {
    const { code } = generate(
      'curl -k -L --max-redirs 5 -m 2.5 --connect-timeout 5 -x http://proxy.local:3128 -U pu:pp https://api.example.com/',
    );
    expect(code).toContain('use std::time::Duration;\n');
    expect(section(code, 'let proxy =', 'let response =')).toBe(
      [
        '    let proxy = reqwest::Proxy::all("http://proxy.local:3128")?.basic_auth("pu", "pp");',
        '    let client = reqwest::blocking::Client::builder()',
        '        .redirect(reqwest::redirect::Policy::limited(5))',
        '        .danger_accept_invalid_certs(true)',
        '        .connect_timeout(Duration::from_secs(5))',
        '        .timeout(Duration::from_secs_f64(2.5))',
        '        .proxy(proxy)',
        '        .build()?;',
        '',
      ].join('\n'),
    );
  });

  it('sends any other method with Method::from_bytes', () => {
    const { code } = generate('curl -X PROPFIND https://dav.example.com/files/');
    expect(section(code, 'let method =', 'println!')).toBe(
      [
        '    let method = reqwest::Method::from_bytes(b"PROPFIND")?;',
        '',
        '    let response = client',
        '        .request(method, "https://dav.example.com/files/")',
        '        .send()?;',
        '',
      ].join('\n'),
    );
  });

  it('writes the body to the -o file', () => {
    const { code } = generate('curl -o out.json https://api.example.com/');
    expect(code).toContain('    std::fs::write("out.json", response.bytes()?)?;\n');
    expect(code).not.toContain('response.text()');
  });

  it('breaks long argument lists the way rustfmt does', () => {
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36';
    expect(section(generate(`curl -A '${agent}' https://api.example.com/`).code, '.header(', '.send()')).toBe(
      ['        .header(', '            "User-Agent",', `            "${agent}",`, '        )'].join('\n'),
    );
  });

  it('keeps hostile strings as data', () => {
    const breakout = generate(`curl -H 'X-Evil: "); std::fs::write("PWNED", "").ok(); ("' https://api.example.com/`);
    expect(breakout.code).toContain('.header("X-Evil", r#""); std::fs::write("PWNED", "").ok(); (""#)');

    const raw = generate(`curl -H 'X-Raw: "#); panic!(); (r#"' https://api.example.com/`);
    expect(raw.code).toContain('.header("X-Raw", r##""#); panic!(); (r#""##)');

    const controls = generate(`curl -d $'a\\nb\\t"c"\\u202e' https://api.example.com/`);
    expect(controls.code).toContain('.body("a\\nb\\t\\"c\\"\\u{202e}")');
  });

  it('warns about what reqwest cannot send like curl', () => {
    const codes = (command: string) => generate(command).warnings.map((w) => w.code);
    expect(codes("curl -H 'Accept:' https://api.example.com/")).toContain('header-not-removable');
    expect(codes(`curl -F 'f=@note.txt;headers="X-Part: 1"' https://api.example.com/`)).toContain(
      'multipart-part-headers',
    );
    expect(codes('curl -0 https://api.example.com/')).toContain('http-version');
    expect(codes(`curl "https://api.example.com/s?q=it's"`)).toContain('url-normalised');
    expect(codes('curl -b cookies.txt https://api.example.com/')).toEqual([]);
  });

  it("reads cookie files when the program runs, before the command's own cookies", () => {
    const { code } = generate('curl -b cookies.txt -b a=1 https://api.example.com/');
    expect(code).toContain('let mut cookies = cookies_from_file("cookies.txt", "https://api.example.com/");');
    expect(code).toContain('cookies.push(String::from("a=1"));');
    expect(code).toContain('.header("Cookie", cookies.join("; "))');
    expect(code).toContain('fn cookies_from_file(file: &str, url: &str) -> Vec<String> {');
  });
});
