import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { javascriptAxios } from '../../src/core/generators/javascript/axios.ts';
import { javascriptFetch } from '../../src/core/generators/javascript/fetch.ts';
import { nodeGot } from '../../src/core/generators/javascript/got.ts';
import { nodeHttps } from '../../src/core/generators/javascript/node-https.ts';
import type { Generator } from '../../src/core/generators/types.ts';
import { CORPUS } from '../fixtures/curl-corpus.ts';

const fetchCode = (command: string) => generate(javascriptFetch, command).code;
const axiosCode = (command: string) => generate(javascriptAxios, command).code;
const nodeCode = (command: string) => generate(nodeHttps, command).code;

function generate(generator: Generator, command: string) {
  return generator.generate(specFromCurl(parseCurl(command).requests[0]!));
}

const codes = (generator: Generator, command: string) => generate(generator, command).warnings.map((w) => w.code);

describe('the JavaScript generators describe themselves', () => {
  it.each([
    [javascriptFetch, 'javascript-fetch', 'JavaScript (fetch)'],
    [javascriptAxios, 'javascript-axios', 'JavaScript (axios)'],
    [nodeHttps, 'node-https', 'Node.js (https)'],
  ] as const)('%s', (generator, id, title) => {
    expect(generator).toMatchObject({ id, title, language: 'javascript', extension: 'mjs' });
  });
});

describe('javascript-fetch', () => {
  it('writes a whole program for a GET, with redirects off as in curl', () => {
    expect(fetchCode('curl https://api.example.com/items?q=blue%20shoes'))
      .toBe(`const response = await fetch('https://api.example.com/items?q=blue%20shoes', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
`);
  });

  it('writes a compact JSON body as JSON.stringify of an object literal', () => {
    expect(
      fetchCode(
        `curl -H 'Content-Type: application/json' -d '{"name":"Blue shoes","price":42.5}' https://api.example.com/items`,
      ),
    ).toBe(`const response = await fetch('https://api.example.com/items', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ name: 'Blue shoes', price: 42.5 }),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
`);
  });

  it('keeps other JSON layouts as the exact text', () => {
    expect(fetchCode(`curl -H 'Content-Type: application/json' -d '{"a": 1}' https://api.example.com/`)).toContain(
      `body: '{"a": 1}',`,
    );
  });

  it('uses URLSearchParams only where it writes the same bytes', () => {
    expect(fetchCode("curl -d 'a=1' --data-urlencode 'b=x y' https://api.example.com/")).toContain(
      "body: new URLSearchParams({ a: '1', b: 'x y' }),",
    );
    // curl sends the space as written.
    expect(fetchCode("curl -d 'a=1' -d 'b=x y' https://api.example.com/")).toContain("body: 'a=1&b=x y',");
    expect(fetchCode("curl -d 'a=1' -d 'a=2' https://api.example.com/")).toContain(
      "body: new URLSearchParams([\n    ['a', '1'],\n    ['a', '2'],\n  ]),",
    );
    // URLSearchParams would write `Blue+shoes`.
    expect(fetchCode("curl -d 'name=Blue%20shoes' https://api.example.com/")).toContain("body: 'name=Blue%20shoes',");
  });

  it('keeps the form Content-Type curl sends', () => {
    expect(fetchCode("curl -d 'a=1' https://api.example.com/")).toContain(
      "headers: { 'Content-Type': 'application/x-www-form-urlencoded' },",
    );
  });

  it('sends bytes when the command removes the Content-Type', () => {
    expect(fetchCode("curl -H 'Content-Type:' -d 'x' https://api.example.com/")).toContain("body: Buffer.from('x'),");
  });

  it('builds a FormData with the file read from disk and curl’s type for it', () => {
    expect(fetchCode("curl -F 'title=Report' -F 'file=@note.txt' https://api.example.com/upload")).toBe(
      `import { readFileSync } from 'node:fs';

const form = new FormData();
form.append('title', 'Report');
form.append('file', new Blob([readFileSync('note.txt')], { type: 'text/plain' }), 'note.txt');

const response = await fetch('https://api.example.com/upload', {
  method: 'POST',
  body: form,
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
`,
    );
  });

  it('builds the multipart body by hand where FormData would change it', () => {
    const code = fetchCode(`curl -F 'f=@note.txt;headers="X-Part: 1"' https://api.example.com/upload`);
    expect(code).toContain(`  formPart(
    ['Content-Disposition: form-data; name="f"; filename="note.txt"', 'Content-Type: text/plain', 'X-Part: 1'],
    readFileSync('note.txt'),
  ),`);
    expect(code).toContain("headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },");
  });

  it('reads shell variables from the environment once, at the top', () => {
    expect(fetchCode('curl -H "Authorization: Bearer $TOKEN" "https://api.example.com/users/${USER_ID}/orders"'))
      .toBe(`const USER_ID = process.env.USER_ID ?? '';
const TOKEN = process.env.TOKEN ?? '';

const response = await fetch(\`https://api.example.com/users/\${USER_ID}/orders\`, {
  headers: { Authorization: \`Bearer \${TOKEN}\` },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
`);
  });

  it('sends -u as a Basic Authorization header', () => {
    expect(fetchCode('curl -u alice:s3cret https://api.example.com/')).toContain(
      "headers: { Authorization: `Basic ${Buffer.from('alice:s3cret').toString('base64')}` },",
    );
  });

  it('follows redirects with -L, times out with -m, and warns about -k', () => {
    const command = 'curl -L -m 2.5 -k https://api.example.com/';
    expect(fetchCode(command)).toContain(
      "await fetch('https://api.example.com/', { signal: AbortSignal.timeout(2500) });",
    );
    expect(codes(javascriptFetch, command)).toContain('insecure');
  });

  it('warns where fetch cannot send what curl sends', () => {
    const repeated = "curl -H 'X-A: 1' -H 'X-A: 2' https://api.example.com/";
    expect(fetchCode(repeated)).toContain("const headers = new Headers();\nheaders.append('X-A', '1');");
    expect(codes(javascriptFetch, repeated)).toContain('header-merged');
    expect(codes(javascriptFetch, "curl -X GET -d 'q=1' https://api.example.com/")).toContain('body-dropped');
    expect(codes(javascriptFetch, "curl -H 'Accept:' https://api.example.com/")).toContain('header-not-removable');
    expect(codes(javascriptFetch, "curl 'https://api.example.com/?q=it'\\''s'")).toContain('url-normalised');
  });

  it("warns, like every target, that bytes which are not UTF-8 text (bash's $'\\xff') are not written as they are", () => {
    for (const generator of [javascriptFetch, javascriptAxios, nodeHttps]) {
      expect(codes(generator, "curl --data-binary $'\\xff\\xfe' https://api.example.com/")).toContain('raw-bytes');
      expect(codes(generator, "curl -H $'X: \\x80' https://api.example.com/")).toContain('raw-bytes');
      expect(codes(generator, "curl --data-binary $'\\xc3\\xa9' https://api.example.com/")).not.toContain('raw-bytes');
    }
  });
});

describe('javascript-axios', () => {
  it('writes a whole program for a GET', () => {
    expect(axiosCode('curl https://api.example.com/items')).toBe(`import axios from 'axios';

const response = await axios.get('https://api.example.com/items', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
`);
  });

  it('passes a compact JSON body as an object for axios to serialise', () => {
    expect(axiosCode(`curl --json '{"a":[1,2]}' https://api.example.com/`)).toContain(`const data = { a: [1, 2] };

const response = await axios.post('https://api.example.com/', data, {
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  },`);
  });

  it('sends bytes where axios would re-serialise or trim a JSON string', () => {
    expect(axiosCode(`curl --json '{"a":1}' --json '{"b":2}' https://api.example.com/`)).toContain(
      `const data = Buffer.from('{"a":1}{"b":2}');`,
    );
  });

  it('turns off the Content-Type axios adds where curl sends none', () => {
    expect(axiosCode('curl -T data.bin https://api.example.com/blob')).toContain(`const data = readFileSync('data.bin');

const response = await axios.put('https://api.example.com/blob', data, {
  headers: { 'Content-Type': false },`);
    expect(axiosCode("curl -H 'Accept:' https://api.example.com/")).toContain('headers: { Accept: false },');
  });

  it('keeps repeated headers as separate lines', () => {
    expect(axiosCode("curl -H 'X-A: 1' -H 'x-a: 2' https://api.example.com/")).toContain(
      "headers: { 'X-A': ['1', '2'] },",
    );
  });

  it('uses auth, maxRedirects, timeout, an https agent and proxy for the transport options', () => {
    const code = axiosCode(
      'curl -u alice:s3cret -L --max-redirs 5 -m 30 -k -x http://proxy.local:3128 https://api.example.com/',
    );
    expect(code).toContain("import https from 'node:https';");
    expect(code).toContain(`  auth: { username: 'alice', password: 's3cret' },
  maxRedirects: 5,
  timeout: 30000,
  httpsAgent: new https.Agent({ rejectUnauthorized: false }),
  proxy: { protocol: 'http', host: 'proxy.local', port: 3128 },`);
  });

  it('uses axios.request for methods without a helper', () => {
    expect(axiosCode('curl -X PROPFIND https://dav.example.com/files/')).toContain(`axios.request({
  method: 'PROPFIND',
  url: 'https://dav.example.com/files/',`);
  });

  it('sends a multipart body as FormData', () => {
    expect(axiosCode("curl -F 'file=@pic.png;type=image/png;filename=avatar.png' https://api.example.com/")).toContain(
      "form.append('file', new Blob([readFileSync('pic.png')], { type: 'image/png' }), 'avatar.png');",
    );
  });
});

describe('node-https', () => {
  it('writes a whole program, the module picked from the scheme and the port kept out of hostname', () => {
    expect(nodeCode('curl -d a=1 http://localhost:8080/api/v1/users?x=1')).toBe(`import http from 'node:http';

const body = new URLSearchParams({ a: '1' }).toString();

const options = {
  method: 'POST',
  hostname: 'localhost',
  port: 8080,
  path: '/api/v1/users?x=1',
  headers: {
    'Content-Type': 'application/x-www-form-urlencoded',
    'Content-Length': Buffer.byteLength(body),
  },
};

const response = await new Promise((resolve, reject) => {
  const request = http.request(options, resolve);
  request.on('error', reject);
  request.write(body);
  request.end();
});

const chunks = [];
for await (const chunk of response) chunks.push(chunk);
console.log(response.statusCode, response.statusMessage);
console.log(Buffer.concat(chunks).toString());
`);
  });

  it('builds multipart bodies by hand, parts in order, with curl’s part headers', () => {
    const code = nodeCode("curl -F a=1 -F 'f=@note.txt' -F b=2 https://api.example.com/");
    expect(code).toContain("import https from 'node:https';");
    expect(code).toContain(`const body = Buffer.concat([
  formPart(['Content-Disposition: form-data; name="a"'], '1'),
  formPart(
    ['Content-Disposition: form-data; name="f"; filename="note.txt"', 'Content-Type: text/plain'],
    readFileSync('note.txt'),
  ),
  formPart(['Content-Disposition: form-data; name="b"'], '2'),
  Buffer.from(\`--\${boundary}--\\r\\n\`),
]);`);
    expect(code).toContain("'Content-Type': `multipart/form-data; boundary=${boundary}`,");
  });

  it('uses auth, rejectUnauthorized, a timeout signal and repeated header arrays', () => {
    const code = nodeCode("curl -u alice:s3cret -k -m 5 -H 'X-A: 1' -H 'X-A: 2' https://api.example.com/");
    expect(code).toContain(`  headers: { 'X-A': ['1', '2'] },
  auth: 'alice:s3cret',
  rejectUnauthorized: false,
  signal: AbortSignal.timeout(5000),`);
  });

  it('picks http or https when the program runs if the host comes from a variable', () => {
    const code = nodeCode('curl "https://$HOST/items?x=1"');
    expect(code).toContain(
      "const url = new URL(`https://${HOST}/items?x=1`);\nconst client = url.protocol === 'https:' ? https : http;",
    );
    expect(code).toContain("path: '/items?x=1',");
    expect(code).toContain('const request = client.request(url, options, resolve);');
  });

  it('decodes compressed responses for --compressed', () => {
    const code = nodeCode('curl --compressed https://api.example.com/');
    expect(code).toContain("headers: { 'Accept-Encoding': 'gzip, deflate, br' },");
    expect(code).toContain('stream = response.pipe(zlib.createBrotliDecompress());');
  });

  it('warns that -L is not followed', () => {
    expect(codes(nodeHttps, 'curl -L https://api.example.com/')).toContain('redirects-not-followed');
  });
});

describe('hostile strings stay data', () => {
  const evil = "'); process.exit(1); //${x}`\\";
  it.each([javascriptFetch, javascriptAxios, nodeHttps])('%s', (generator) => {
    const command = `curl -H $'X-Evil: \\'); process.exit(1); //\${x}\`\\\\' -d $'a=\\'\`\${b}' https://api.example.com/`;
    const request = parseCurl(command).requests[0]!;
    expect(request.headers[0]!.value).toBe(evil);
    const code = generator.generate(specFromCurl(request)).code;
    expect(code).toContain(`'X-Evil': "'); process.exit(1); //\${x}\`\\\\"`);
    expect(code).toContain(`"a='\`\${b}"`);
  });

  it('writes the UTF-8 bytes of a header value as Node sends them', () => {
    expect(fetchCode("curl -H 'X-City: Zürich' https://api.example.com/")).toContain(
      "headers: { 'X-City': Buffer.from('Zürich').toString('latin1') },",
    );
  });

  it('keeps a variable named like a local apart from it', () => {
    const code = fetchCode('curl -d "$body" https://api.example.com/');
    expect(code).toContain("const body_ = process.env.body ?? '';");
    expect(code).toContain('body: body_,');
  });
});

describe('node-got', () => {
  const gotCode = (command: string) => generate(nodeGot, command).code;

  it('writes a got helper call that prints every status, redirects off as in curl', () => {
    expect(gotCode('curl https://api.example.com/items')).toBe(`import got from 'got';

const response = await got.get('https://api.example.com/items', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
`);
  });

  it('uses json: and form: only where got writes the same bytes', () => {
    expect(gotCode('curl --json \'{"a":1}\' https://e.example/')).toContain('json: { a: 1 }');
    expect(gotCode("curl -d 'a=1' -d 'b=x+y' https://e.example/")).toContain("form: { a: '1', b: 'x y' }");
    expect(gotCode("curl -d 'a=b%20c' https://e.example/")).toContain("body: 'a=b%20c'");
  });

  it('allows a body on GET, and removes its own User-Agent with undefined', () => {
    const code = gotCode("curl -X GET -d q=1 -H 'User-Agent:' https://e.example/");
    expect(code).toContain('allowGetBody: true');
    expect(code).toContain("'user-agent': undefined");
  });

  it('keeps the transport options: redirects, timeouts, certificate checks', () => {
    const code = gotCode('curl -L --max-redirs 3 -m 2.5 --connect-timeout 1 -k https://e.example/');
    expect(code).toContain('maxRedirects: 3');
    expect(code).toContain('timeout: { connect: 1000, request: 2500 }');
    expect(code).toContain('https: { rejectUnauthorized: false }');
    expect(code).not.toContain('followRedirect');
  });
});

describe('every corpus command gives Prettier-formatted code', () => {
  const requests = CORPUS.flatMap((c) =>
    parseCurl(c.cmd, { dialect: c.dialect }).requests.map((r) => [c.name, r] as const),
  );
  it.each([javascriptFetch, javascriptAxios, nodeHttps, nodeGot])('%s', async (generator) => {
    for (const [name, request] of requests) {
      const { code } = generator.generate(specFromCurl(request));
      const formatted = await format(code, {
        parser: 'babel',
        singleQuote: true,
        printWidth: 120,
        trailingComma: 'all',
      });
      expect(code, name).toBe(formatted);
    }
  });

  it('takes another indentation unit', () => {
    expect(
      javascriptFetch.generate(specFromCurl(parseCurl("curl -d a=1 -H 'X: 1' https://a.example/").requests[0]!), {
        indent: '\t',
      }).code,
    ).toContain("{\n\tmethod: 'POST',\n\theaders: {\n\t\tX: '1',");
  });
});
