import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { pyString } from '../../src/core/generators/literals.ts';
import { atom, call, dict, kwarg, layout, list } from '../../src/core/generators/python/kit.ts';
import { pythonHttpClient } from '../../src/core/generators/python/http-client.ts';
import { pythonHttpx } from '../../src/core/generators/python/httpx.ts';
import { pythonRequests } from '../../src/core/generators/python/requests.ts';
import type { Generator } from '../../src/core/generators/types.ts';

function gen(generator: Generator, command: string) {
  return generator.generate(specFromCurl(parseCurl(command).requests[0]!));
}
const requests = (command: string) => gen(pythonRequests, command);
const httpx = (command: string) => gen(pythonHttpx, command);
const codes = (result: { warnings: { code: string }[] }) => result.warnings.map((w) => w.code);

describe('Python generators: metadata', () => {
  it('names the targets', () => {
    expect(pythonRequests).toMatchObject({
      id: 'python-requests',
      title: 'Python (requests)',
      language: 'python',
      extension: 'py',
    });
    expect(pythonHttpx).toMatchObject({
      id: 'python-httpx',
      title: 'Python (httpx)',
      language: 'python',
      extension: 'py',
    });
  });
});

describe('python-requests', () => {
  it('GET: a method-specific call, redirects off as curl does', () => {
    expect(requests('curl https://api.example.com/items').code).toBe(
      [
        'import requests',
        '',
        'response = requests.get("https://api.example.com/items", allow_redirects=False)',
        'print(response.status_code)',
        'print(response.text)',
        '',
      ].join('\n'),
    );
  });

  it('compact JSON: a dict sent with json.dumps separators that reproduce the bytes', () => {
    const { code } = requests(
      `curl -H 'Content-Type: application/json' -d '{"name":"Blue shoes","price":42.5}' https://api.example.com/items`,
    );
    expect(code).toBe(
      [
        'import json',
        '',
        'import requests',
        '',
        'headers = {"Content-Type": "application/json"}',
        'json_data = {"name": "Blue shoes", "price": 42.5}',
        '',
        'response = requests.post(',
        '    "https://api.example.com/items",',
        '    headers=headers,',
        '    data=json.dumps(json_data, separators=(",", ":")),',
        '    allow_redirects=False,',
        ')',
        'print(response.status_code)',
        'print(response.text)',
        '',
      ].join('\n'),
    );
  });

  it('JSON in json.dumps layout: json= and no Content-Type header', () => {
    const { code } = requests(
      `curl -H 'Content-Type: application/json' -d '{"name": "Blue shoes", "ok": true, "tags": null}' https://api.example.com/items`,
    );
    expect(code).toContain('json_data = {"name": "Blue shoes", "ok": True, "tags": None}');
    expect(code).toContain('json=json_data');
    expect(code).not.toContain('headers');
    expect(code).not.toContain('import json');
  });

  it('JSON no serializer reproduces: the exact text', () => {
    const { code } = requests(`curl -H 'Content-Type: application/json' -d '{"a" :1}' https://api.example.com/`);
    expect(code).toContain(`data='{"a" :1}'`);
    expect(code).toContain('"Content-Type": "application/json"');
  });

  it('form: a dict when urlencode gives the same bytes, else the text as written', () => {
    const form = requests('curl -d a=1 -d b=2 https://api.example.com/').code;
    expect(form).toContain('data = {"a": "1", "b": "2"}');
    expect(form).not.toContain('Content-Type');

    const spaced = requests("curl -d 'a=b c' https://api.example.com/").code;
    expect(spaced).toContain('headers = {"Content-Type": "application/x-www-form-urlencoded"}');
    expect(spaced).toContain('data="a=b c"');

    expect(requests('curl -d a=1 -d b=2 -d a=3 https://api.example.com/').code).toContain(
      'data = [("a", "1"), ("b", "2"), ("a", "3")]',
    );
  });

  it('non-ASCII text bodies are sent as UTF-8 bytes', () => {
    expect(requests("curl -H 'Content-Type: text/plain' -d 'Grüße' https://api.example.com/").code).toContain(
      'data="Grüße".encode()',
    );
  });

  it('-d @file: read in binary, CR and LF removed like curl', () => {
    const { code } = requests('curl -d @form.txt https://api.example.com/');
    expect(code).toContain(
      'with open("form.txt", "rb") as f:\n    data = f.read().replace(b"\\r", b"").replace(b"\\n", b"")\n',
    );
    expect(code).toContain('data=data');
  });

  it('multipart with interleaved fields and files: everything in files=, in order', () => {
    const { code } = requests(
      "curl -F a=1 -F 'f=@note.txt' -F 'img=@pic.png;type=image/png;filename=avatar.png' -F b=2 https://api.example.com/upload",
    );
    expect(code).toContain(
      [
        'files = {',
        '    "a": (None, "1"),',
        '    "f": open("note.txt", "rb"),',
        '    "img": ("avatar.png", open("pic.png", "rb"), "image/png"),',
        '    "b": (None, "2"),',
        '}',
      ].join('\n'),
    );
    expect(code).not.toContain('data=');
  });

  it('multipart with the text fields first: data= and files=', () => {
    const { code } = requests("curl -F title=Report -F 'file=@note.txt' https://api.example.com/upload");
    expect(code).toContain('data = {"title": "Report"}\nfiles = {"file": open("note.txt", "rb")}');
    expect(code).toContain('data=data, files=files');
  });

  it('shell variables: read once at the top, f-strings with literal braces doubled', () => {
    const { code } = requests(
      'curl -H "Authorization: Bearer $TOKEN" -H "X-Json: {\\"id\\": $ID}" "https://api.example.com/users/${ID}"',
    );
    // In first-use order: the URL comes first.
    expect(code).toContain(
      'import os\n\nimport requests\n\nID = os.environ.get("ID", "")\nTOKEN = os.environ.get("TOKEN", "")\n',
    );
    expect(code).toContain('"Authorization": f"Bearer {TOKEN}"');
    expect(code).toContain(`"X-Json": f'{{"id": {ID}}}'`);
    expect(code).toContain('f"https://api.example.com/users/{ID}"');
  });

  it('-u: requests auth; credentials in the URL move to auth too', () => {
    expect(requests('curl -u alice:s3cret https://api.example.com/').code).toContain('auth=("alice", "s3cret")');
    const url = requests("curl 'https://bob:pw@api.example.com/'").code;
    expect(url).toContain('"https://api.example.com/", auth=("bob", "pw")');
  });

  it('-k, -L, --max-redirs, -m, --connect-timeout', () => {
    const insecure = requests('curl -k https://self-signed.example/').code;
    expect(insecure).toContain(
      'import requests\nimport urllib3\n\nurllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)\n',
    );
    expect(insecure).toContain('verify=False');

    const follow = requests('curl -L https://api.example.com/');
    expect(follow.code).toContain('response = requests.get("https://api.example.com/")\n');

    const limited = requests('curl -L --max-redirs 3 -m 30 --connect-timeout 5 https://api.example.com/');
    expect(limited.code).toContain('session = requests.Session()\nsession.max_redirects = 3\n');
    expect(limited.code).toContain('session.get("https://api.example.com/", timeout=(5, 30))');
    expect(codes(limited)).toContain('timeout-total');

    expect(requests('curl -m 2.5 https://api.example.com/').code).toContain('timeout=2.5');
  });

  it('removed defaults: None for Accept, urllib3 SKIP_HEADER for what urllib3 would add back', () => {
    const { code } = requests("curl -H 'Accept:' -H 'User-Agent:' https://api.example.com/");
    expect(code).toContain('"Accept": None');
    expect(code).toContain('"User-Agent": urllib3.util.SKIP_HEADER');
    expect(code).toContain('import urllib3');
  });

  it('repeated header lines: joined and warned', () => {
    const result = requests("curl -H 'X-A: 1' -H 'X-A: 2' https://api.example.com/");
    expect(result.code).toContain('headers = {"X-A": "1, 2"}');
    expect(codes(result)).toContain('header-merged');
  });

  it('query: params= only when requests encodes it byte for byte', () => {
    expect(requests("curl 'https://api.example.com/s?q=shoes&limit=10'").code).toContain(
      'params = {"q": "shoes", "limit": "10"}',
    );
    const kept = requests("curl 'https://api.example.com/s?q=blue%20shoes&tags=a,b'").code;
    expect(kept).toContain('"https://api.example.com/s?q=blue%20shoes&tags=a,b"');
    expect(kept).not.toContain('params');
  });

  it('a URL requests would rewrite is warned', () => {
    expect(codes(requests("curl -g 'https://api.example.com/a%7eb?x={y}'"))).toContain('url-normalised');
  });

  it('cookies from -b as a dict', () => {
    expect(requests("curl -b 'session=abc; theme=dark' https://api.example.com/").code).toContain(
      'cookies = {"session": "abc", "theme": "dark"}',
    );
  });

  it('other methods use requests.request', () => {
    expect(requests('curl -X PROPFIND https://dav.example.com/files/').code).toContain(
      'requests.request(\n    "PROPFIND", "https://dav.example.com/files/", allow_redirects=False\n)',
    );
  });

  it('-o writes the body to the file', () => {
    expect(requests('curl -o out.json https://api.example.com/').code).toContain(
      'print(response.status_code)\nwith open("out.json", "wb") as f:\n    f.write(response.content)\n',
    );
  });

  it('hostile strings stay data', () => {
    const { code } = requests(
      `curl -H $'X-Evil: "); import os #{x}\\\\ \\'' -d $'a\\nb"\\'' -H 'Content-Type: text/plain' 'https://api.example.com/'`,
    );
    expect(code).toContain(`"X-Evil": "\\"); import os #{x}\\\\ '"`);
    expect(code).toContain(`data="a\\nb\\"'"`);
  });

  it('reads a cookie file with MozillaCookieJar, and warns when cookies from the command would replace its cookies', () => {
    const jar = requests('curl -b cookies.txt https://api.example.com/');
    expect(jar.code).toContain('cookie_jar.load("cookies.txt", ignore_discard=True, ignore_expires=True)');
    expect(jar.code).toContain('cookies=cookie_jar');
    expect(codes(jar)).toEqual([]);
    expect(codes(requests('curl -b cookies.txt -b a=1 https://api.example.com/'))).toContain('cookie-file');
  });
});

describe('python-httpx', () => {
  it('GET: httpx does not follow redirects by default', () => {
    expect(httpx('curl https://api.example.com/items').code).toBe(
      [
        'import httpx',
        '',
        'response = httpx.get("https://api.example.com/items")',
        'print(response.status_code)',
        'print(response.text)',
        '',
      ].join('\n'),
    );
  });

  it('exact text goes in content=, JSON like requests', () => {
    expect(httpx("curl -d 'a=b c' https://api.example.com/").code).toContain('content="a=b c"');
    expect(httpx("curl -H 'Content-Type: text/plain' -d 'Grüße' https://api.example.com/").code).toContain(
      'content="Grüße"',
    );
    expect(httpx(`curl --json '{"a":1}' https://api.example.com/`).code).toContain(
      'content=json.dumps(json_data, separators=(",", ":"))',
    );
    expect(httpx(`curl -H 'Content-Type: application/json' -d '{"a": 1}' https://api.example.com/`).code).toContain(
      'response = httpx.post("https://api.example.com/", json=json_data)',
    );
  });

  it('form with repeated names: a dict of lists when order allows it, else the text', () => {
    expect(httpx('curl -d a=1 -d a=2 -d b=3 https://api.example.com/').code).toContain(
      'data = {"a": ["1", "2"], "b": "3"}',
    );
    expect(httpx('curl -d a=1 -d b=2 -d a=3 https://api.example.com/').code).toContain('content="a=1&b=2&a=3"');
  });

  it('repeated header lines: a list of pairs, sent as separate lines', () => {
    expect(httpx("curl -H 'X-A: 1' -H 'X-A: 2' https://api.example.com/").code).toContain(
      'headers = [("X-A", "1"), ("X-A", "2")]',
    );
  });

  it('a body with GET or DELETE goes through httpx.request', () => {
    expect(httpx("curl -X DELETE -H 'Content-Type: text/plain' -d x https://api.example.com/").code).toContain(
      'httpx.request(\n    "DELETE", "https://api.example.com/", headers=headers, content="x"\n)',
    );
  });

  it('client settings: removed defaults and a redirect limit use a Client', () => {
    const { code } = httpx("curl -k -L --max-redirs 5 -H 'Accept:' https://api.example.com/");
    expect(code).toContain(
      [
        'with httpx.Client(verify=False, follow_redirects=True, max_redirects=5) as client:',
        '    del client.headers["Accept"]',
        '    response = client.get("https://api.example.com/")',
        '',
        'print(response.status_code)',
      ].join('\n'),
    );
  });

  it('-k, -L, timeouts on the call', () => {
    const result = httpx('curl -k -L -m 30 --connect-timeout 5 https://api.example.com/');
    expect(result.code).toContain('verify=False');
    expect(result.code).toContain('follow_redirects=True');
    expect(result.code).toContain('timeout=httpx.Timeout(30, connect=5)');
    expect(codes(result)).toContain('timeout-total');
  });

  it('multipart in order, variables, auth', () => {
    const { code } = httpx('curl -u "$USER:$PASS" -F a=1 -F "f=@$FILE" -F b=2 https://api.example.com/upload');
    expect(code).toContain('files = {"a": (None, "1"), "f": open(FILE, "rb"), "b": (None, "2")}');
    expect(code).toContain('auth=(USER, PASS)');
  });

  it('non-ASCII header values are sent as UTF-8 bytes', () => {
    expect(httpx("curl -H 'X-City: Zürich' https://api.example.com/").code).toContain('"X-City": "Zürich".encode()');
  });

  it('HTTP/2 is warned, not generated', () => {
    expect(codes(httpx('curl --http2 https://api.example.com/'))).toContain('http-version');
  });
});

describe('python layout (black style)', () => {
  it('keeps short expressions on one line', () => {
    expect(layout(call('f', [atom('a'), kwarg('b', atom('1'))]), '', '    ', 'x = ')).toEqual(['x = f(a, b=1)']);
  });

  it('splits a long call: arguments on one line when they fit, else one per line', () => {
    const long = 'a'.repeat(79);
    expect(layout(call('f', [atom(`"${long}"`), atom('b')]), '', '    ', 'x = ')).toEqual([
      'x = f(',
      `    "${long}", b`,
      ')',
    ]);
    expect(layout(call('f', [atom(`"${long}"`), atom(`"${long}"`)]), '', '    ')).toEqual([
      'f(',
      `    "${long}",`,
      `    "${long}",`,
      ')',
    ]);
  });

  it('explodes a long collection with a trailing comma; a single entry has none', () => {
    const value = `"${'v'.repeat(80)}"`;
    expect(
      layout(
        dict([
          ['"a"', atom(value)],
          ['"b"', list([atom('1')])],
        ]),
        '',
        '    ',
        'h = ',
      ),
    ).toEqual(['h = {', `    "a": ${value},`, '    "b": [1],', '}']);
    expect(layout(dict([['"a"', atom(value)]]), '', '    ', 'h = ')).toEqual(['h = {', `    "a": ${value}`, '}']);
  });
});

describe('pyString preferDouble', () => {
  it('uses double quotes unless the text has more double than single quotes', () => {
    expect(pyString('abc', { preferDouble: true })).toBe('"abc"');
    expect(pyString(`it's`, { preferDouble: true })).toBe(`"it's"`);
    expect(pyString('say "hi"', { preferDouble: true })).toBe(`'say "hi"'`);
    expect(pyString(`'a' "b"`, { preferDouble: true })).toBe(`"'a' \\"b\\""`);
    expect(pyString('a\\b\n', { preferDouble: true })).toBe('"a\\\\b\\n"');
    expect(pyString('abc')).toBe("'abc'");
  });
});

describe('python-http-client', () => {
  const client = (command: string) => gen(pythonHttpClient, command);

  it('GET: one connection to the host, request() with the path, the status and body printed', () => {
    expect(client('curl http://127.0.0.1:8080/items?q=1').code).toBe(
      [
        'import http.client',
        '',
        'conn = http.client.HTTPConnection("127.0.0.1:8080")',
        'conn.request("GET", "/items?q=1")',
        'response = conn.getresponse()',
        'print(response.status)',
        'print(response.read().decode())',
        'conn.close()',
        '',
      ].join('\n'),
    );
  });

  it('keeps repeated header lines and a removed Host with putrequest/putheader, and bytes for the body', () => {
    const code = client("curl -H 'X-A: 1' -H 'x-a: 2' -H 'Host:' -d 'a=é' https://e.example/").code;
    expect(code).toContain('conn.putrequest("POST", "/", skip_host=True, skip_accept_encoding=True)');
    expect(code).toContain('conn.putheader("X-A", "1")\nconn.putheader("x-a", "2")');
    expect(code).toContain('body = "a=é".encode()');
    expect(code).toContain('conn.putheader("Content-Length", str(len(body)))\nconn.endheaders(body)');
  });

  it('builds multipart by hand, with the boundary in the Content-Type', () => {
    const code = client('curl -F a=1 -F f=@note.txt https://e.example/').code;
    expect(code).toContain('boundary = uuid.uuid4().hex');
    expect(code).toContain('form_part([\'Content-Disposition: form-data; name="a"\'], b"1")');
    expect(code).toContain('"Content-Type": f"multipart/form-data; boundary={boundary}"');
  });

  it('percent-encodes what http.client refuses in the path, and says so', () => {
    const result = client('curl https://e.example/caf\u00e9');
    expect(result.code).toContain('"/caf%C3%A9"');
    expect(codes(result)).toContain('url-normalised');
  });
});
