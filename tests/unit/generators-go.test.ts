import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { goNetHttp } from '../../src/core/generators/go/net-http.ts';

function generate(command: string) {
  return goNetHttp.generate(specFromCurl(parseCurl(command).requests[0]!));
}

/** The statements of `main` between the first line that starts with `from` and the first that starts with `to`. */
function section(code: string, from: string, to: string): string {
  const lines = code.split('\n');
  const start = lines.findIndex((line) => line.trimStart().startsWith(from));
  const end = lines.findIndex((line, i) => i > start && line.trimStart().startsWith(to));
  expect(start, `no line starting with ${from}`).toBeGreaterThanOrEqual(0);
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

describe('go-net-http', () => {
  it('describes itself', () => {
    expect(goNetHttp).toMatchObject({ id: 'go-net-http', title: 'Go (net/http)', language: 'go', extension: 'go' });
  });

  it('writes a whole gofmt-formatted program for a GET', () => {
    expect(generate('curl https://api.example.com/items?q=blue%20shoes').code).toBe(`package main

import (
\t"fmt"
\t"io"
\t"log"
\t"net/http"
)

func main() {
\treq, err := http.NewRequest(http.MethodGet, "https://api.example.com/items?q=blue%20shoes", nil)
\tif err != nil {
\t\tlog.Fatal(err)
\t}

\tclient := &http.Client{
\t\tCheckRedirect: func(*http.Request, []*http.Request) error {
\t\t\t// Like curl without -L: do not follow redirects.
\t\t\treturn http.ErrUseLastResponse
\t\t},
\t}
\tresp, err := client.Do(req)
\tif err != nil {
\t\tlog.Fatal(err)
\t}
\tdefer resp.Body.Close()

\trespBody, err := io.ReadAll(resp.Body)
\tif err != nil {
\t\tlog.Fatal(err)
\t}
\tfmt.Println(resp.Status)
\tfmt.Println(string(respBody))
}
`);
  });

  it('marshals a JSON body from a map literal when json.Marshal writes the same bytes', () => {
    const { code } = generate(
      `curl -H 'Content-Type: application/json' -d '{"dims":{"w":1},"name":"Blue shoes","price":42.5,"tags":["a","b"]}' https://api.example.com/items`,
    );
    // Keys in sorted order: json.Marshal sorts map keys, so this text is exactly what it writes.
    expect(code).toContain('\t"encoding/json"\n');
    expect(section(code, 'payload, err :=', 'req, err :=')).toBe(
      [
        '\tpayload, err := json.Marshal(map[string]any{',
        '\t\t"dims": map[string]any{',
        '\t\t\t"w": 1,',
        '\t\t},',
        '\t\t"name":  "Blue shoes",',
        '\t\t"price": 42.5,',
        '\t\t"tags":  []any{"a", "b"},',
        '\t})',
        '\tif err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '',
      ].join('\n'),
    );
    expect(code).toContain(
      'req, err := http.NewRequest(http.MethodPost, "https://api.example.com/items", bytes.NewReader(payload))',
    );
    expect(code).toContain('req.Header.Set("Content-Type", "application/json")');
  });

  it('sends JSON as the exact text when json.Marshal would write other bytes', () => {
    // Unsorted keys, and `<` (json.Marshal escapes it as \u003c).
    for (const json of ['{"name":"Blue shoes","id":1}', '{"a":"<b>"}', '{"a": 1}']) {
      const { code } = generate(`curl --json '${json}' https://api.example.com/`);
      expect(code).not.toContain('json.Marshal');
      expect(code).toContain(`body := strings.NewReader(${JSON.stringify(json)})`);
    }
  });

  it('uses url.Values for a form only when Encode() gives the same bytes', () => {
    const sorted = generate('curl -d amount=2000 -d currency=usd -d note=a+b https://api.example.com/charges').code;
    expect(section(sorted, 'form := url.Values{', 'req, err :=')).toBe(
      [
        '\tform := url.Values{',
        '\t\t"amount":   {"2000"},',
        '\t\t"currency": {"usd"},',
        '\t\t"note":     {"a b"},',
        '\t}',
        '\tbody := strings.NewReader(form.Encode())',
        '',
      ].join('\n'),
    );
    expect(sorted).toContain('req.Header.Set("Content-Type", "application/x-www-form-urlencoded")');

    // Encode() sorts keys and writes a space as +: these are sent exactly as written.
    const unsorted = generate("curl -d 'b=1&a=2' https://api.example.com/").code;
    expect(unsorted).toContain('body := strings.NewReader("b=1&a=2")');
    expect(generate("curl -d 'name=Blue%20shoes' https://api.example.com/").code).toContain(
      'body := strings.NewReader("name=Blue%20shoes")',
    );
  });

  it('reads -d @file and strips newlines like curl; --data-binary keeps the bytes', () => {
    const stripped = generate('curl -d @form.txt https://api.example.com/').code;
    expect(stripped).toContain('data, err := os.ReadFile("form.txt")');
    expect(stripped).toContain('data = bytes.ReplaceAll(data, []byte("\\r"), nil)');
    expect(stripped).toContain('data = bytes.ReplaceAll(data, []byte("\\n"), nil)');
    expect(stripped).toContain('http.NewRequest(http.MethodPost, "https://api.example.com/", bytes.NewReader(data))');

    const raw = generate('curl --data-binary @data.bin https://api.example.com/').code;
    expect(raw).toContain('data, err := os.ReadFile("data.bin")');
    expect(raw).not.toContain('ReplaceAll');

    const upload = generate('curl -T note.txt https://api.example.com/up/x.txt').code;
    expect(upload).toContain(
      'http.NewRequest(http.MethodPut, "https://api.example.com/up/x.txt", bytes.NewReader(data))',
    );
  });

  it('encodes --data-urlencode file contents with url.QueryEscape', () => {
    const { code } = generate('curl -d a=1 --data-urlencode msg@form.txt https://api.example.com/');
    expect(code).toContain('body := strings.NewReader("a=1&msg=" + url.QueryEscape(string(data)))');
  });

  it('writes multipart parts in order, with curl’s type for a file part', () => {
    const { code } = generate(
      "curl -F title=Report -F 'file=@note.txt' -F 'blob=@data.bin' -F 'meta={};type=application/json' https://api.example.com/upload",
    );
    expect(code).toContain('\t"mime/multipart"\n');
    expect(code).toContain('\t"net/textproto"\n');
    expect(section(code, 'var body bytes.Buffer', 'req, err :=')).toBe(
      [
        '\tvar body bytes.Buffer',
        '\twriter := multipart.NewWriter(&body)',
        '\tif err := writer.WriteField("title", "Report"); err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '\tpart, err := writer.CreatePart(textproto.MIMEHeader{',
        '\t\t"Content-Disposition": {"form-data; name=\\"file\\"; filename=\\"note.txt\\""},',
        '\t\t"Content-Type":        {"text/plain"},',
        '\t})',
        '\tif err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '\tif _, err := part.Write(noteData); err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        // curl sends application/octet-stream for a .bin file, as CreateFormFile does.
        '\tpart, err = writer.CreateFormFile("blob", "data.bin")',
        '\tif err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '\tif _, err := part.Write(binData); err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '\tpart, err = writer.CreatePart(textproto.MIMEHeader{',
        '\t\t"Content-Disposition": {"form-data; name=\\"meta\\""},',
        '\t\t"Content-Type":        {"application/json"},',
        '\t})',
        '\tif err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '\tif _, err := io.WriteString(part, "{}"); err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '\tif err := writer.Close(); err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '',
      ].join('\n'),
    );
    expect(code).toContain('noteData, err := os.ReadFile("note.txt")');
    expect(code).toContain('binData, err := os.ReadFile("data.bin")');
    expect(code).toContain('http.NewRequest(http.MethodPost, "https://api.example.com/upload", &body)');
    expect(code).toContain('req.Header.Set("Content-Type", writer.FormDataContentType())');
  });

  it('reads shell variables from the environment once, at the top', () => {
    const { code } = generate(
      'curl -H "Authorization: Bearer $TOKEN" -d "id=$USER_ID" "https://api.example.com/users/${USER_ID}/orders"',
    );
    expect(section(code, 'func main() {', 'body :=')).toBe(
      ['func main() {', '\tuserID := os.Getenv("USER_ID")', '\ttoken := os.Getenv("TOKEN")', ''].join('\n'),
    );
    expect(code).toContain('body := strings.NewReader("id=" + userID)');
    expect(code).toContain('http.NewRequest(http.MethodPost, "https://api.example.com/users/"+userID+"/orders", body)');
    expect(code).toContain('req.Header.Set("Authorization", "Bearer "+token)');
  });

  it('gives a variable that would clash with Go a different name', () => {
    const { code } = generate('curl -H "X-A: $type" -H "X-B: $url" https://api.example.com/');
    expect(code).toContain('typeEnv := os.Getenv("type")');
    expect(code).toContain('urlEnv := os.Getenv("url")');
    expect(code).toContain('req.Header.Set("X-A", typeEnv)');
  });

  it('uses SetBasicAuth for -u, and an explicit Authorization header instead when there is one', () => {
    expect(generate("curl -u 'alice:s3 cret' https://api.example.com/").code).toContain(
      'req.SetBasicAuth("alice", "s3 cret")',
    );
    const both = generate("curl -u a:b -H 'Authorization: Bearer x' https://api.example.com/");
    expect(both.code).not.toContain('SetBasicAuth');
    expect(both.code).toContain('req.Header.Set("Authorization", "Bearer x")');
  });

  it('sets repeated headers with Add, a custom Host with req.Host, and suppresses a removed User-Agent', () => {
    const { code } = generate(
      "curl -H 'X-A: 1' -H 'X-A: 2' -H 'Host: internal.example' -H 'User-Agent:' https://api.example.com/",
    );
    expect(code).toContain('req.Header.Set("X-A", "1")\n\treq.Header.Add("X-A", "2")');
    expect(code).toContain('req.Host = "internal.example"');
    expect(code).not.toContain('Header.Set("Host"');
    expect(code).toContain('req.Header.Set("User-Agent", "")');
  });

  it('sets up -k, -m, --connect-timeout and --max-redirs on the client', () => {
    const { code } = generate('curl -k -L --max-redirs 5 -m 2.5 --connect-timeout 10 https://api.example.com/');
    expect(code).toContain('transport := http.DefaultTransport.(*http.Transport).Clone()');
    expect(code).toContain('transport.TLSClientConfig = &tls.Config{InsecureSkipVerify: true}');
    expect(code).toContain('transport.DialContext = (&net.Dialer{Timeout: 10 * time.Second}).DialContext');
    expect(section(code, 'client := &http.Client{', 'resp, err :=')).toBe(
      [
        '\tclient := &http.Client{',
        '\t\tTransport: transport,',
        '\t\tTimeout:   2500 * time.Millisecond,',
        '\t\tCheckRedirect: func(_ *http.Request, via []*http.Request) error {',
        '\t\t\tif len(via) > 5 {',
        '\t\t\t\treturn errors.New("maximum (5) redirects followed")',
        '\t\t\t}',
        '\t\t\treturn nil',
        '\t\t},',
        '\t}',
      ].join('\n'),
    );
  });

  it('uses the default client for a plain -L, and says what --compressed does in Go', () => {
    const { code } = generate('curl -L --compressed https://api.example.com/');
    expect(code).not.toContain('CheckRedirect');
    expect(code).toContain('resp, err := http.DefaultClient.Do(req)');
    expect(code).toContain('// --compressed: Go asks for gzip and decompresses the response itself');
  });

  it('routes -x through http.ProxyURL with the -U credentials', () => {
    const { code } = generate('curl -x proxy.local:3128 -U pu:pp https://api.example.com/');
    expect(code).toContain('proxyURL, err := url.Parse("http://proxy.local:3128")');
    expect(code).toContain('proxyURL.User = url.UserPassword("pu", "pp")');
    expect(code).toContain('transport.Proxy = http.ProxyURL(proxyURL)');
  });

  it('warns about what net/http cannot do', () => {
    expect(generate('curl -0 https://api.example.com/').warnings.map((w) => w.code)).toContain('http-version');
  });

  it("reads cookie files when the program runs, before the command's own cookies", () => {
    const { code, warnings } = generate('curl -b cookies.txt -b a=1 https://api.example.com/');
    expect(code).toContain(
      'req.Header.Set("Cookie", strings.Join(append(cookiesFromFile("cookies.txt", "https://api.example.com/"), "a=1"), "; "))',
    );
    expect(code).toContain('func cookiesFromFile(file, rawURL string) []string {');
    expect(warnings).toEqual([]);
  });

  it('keeps hostile strings as data', () => {
    const { code } = generate(
      `curl -H 'X-Evil: "); os.Exit(1) //' -H $'X-Ctl: a\\tb\\u2028' -d '\`\${x}\\' https://api.example.com/`,
    );
    expect(code).toContain('req.Header.Set("X-Evil", "\\"); os.Exit(1) //")');
    expect(code).toContain('req.Header.Set("X-Ctl", "a\\tb\\u2028")');
    expect(code).toContain('body := strings.NewReader("`${x}\\\\")');
  });

  it('writes -o output to a file', () => {
    const { code } = generate('curl -o out.json https://api.example.com/');
    expect(code).toContain('if err := os.WriteFile("out.json", respBody, 0o644); err != nil {');
    expect(code).not.toContain('fmt.Println(string(respBody))');
  });
});
