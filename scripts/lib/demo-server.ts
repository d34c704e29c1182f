import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { WebSocketServer, type WebSocket } from 'ws';

/** What arrived at the server, as sent on the wire. */
export interface RecordedRequest {
  method: string;
  /** The raw request target: path and query bytes as sent. */
  target: string;
  /** Header names as sent, in wire order. */
  rawHeaders: [string, string][];
  body: Buffer;
}

export interface DemoServer {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const DEMO_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>HTTP Workbench demo</title>
<style>body{font:14px system-ui,sans-serif;max-width:640px;margin:32px auto;padding:0 16px}button{margin:4px 8px 4px 0}pre{background:#f5f6f8;padding:8px;white-space:pre-wrap}</style>
</head><body>
<h1>HTTP Workbench demo</h1>
<p>This page calls a small local API, so the HTTP Workbench DevTools panel has requests to work on.
Open DevTools (F12) and choose the <b>HTTP Workbench</b> panel. The REST client can call these endpoints too:
<code>GET /api/items</code>, <code>POST /api/items</code>, <code>POST /api/upload</code>, <code>GET /api/me</code>, and <code>/echo</code> which answers with what it received.</p>
<button id="list">GET /api/items</button>
<button id="create">POST /api/items (JSON)</button>
<button id="upload">POST /api/upload (multipart)</button>
<button id="me">GET /api/me (cookie)</button>
<pre id="out">Responses appear here.</pre>
<script>
const out = document.getElementById('out');
const show = async (r) => { out.textContent = r.status + ' ' + r.statusText + '\\n' + await r.text(); };
document.getElementById('list').onclick = () => fetch('/api/items?limit=2&q=blue%20shoes').then(show);
document.getElementById('create').onclick = () => fetch('/api/items', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'demo-1' }, body: JSON.stringify({ name: 'Blue shoes', price: 42.5 }) }).then(show);
document.getElementById('upload').onclick = () => { const f = new FormData(); f.append('title', 'Report'); f.append('file', new Blob(['hello, file'], { type: 'text/plain' }), 'report.txt'); fetch('/api/upload', { method: 'POST', body: f }).then(show); };
document.getElementById('me').onclick = () => { document.cookie = 'session=demo-session'; fetch('/api/me').then(show); };
addEventListener('load', () => document.getElementById('list').click());
</script></body></html>`;

/** The demo API's own description, with its server URL. */
export function demoOpenApi(origin: string): string {
  return `openapi: 3.1.0
info:
  title: HTTP Workbench demo
  version: '1'
servers:
  - url: ${origin}
tags:
  - name: items
paths:
  /api/items:
    get:
      tags: [items]
      summary: List items
      operationId: listItems
      parameters:
        - name: limit
          in: query
          schema: {type: integer, minimum: 1}
          example: 2
      responses:
        '200':
          description: the items
    post:
      tags: [items]
      summary: Create an item
      operationId: createItem
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties:
                name: {type: string, example: Blue shoes}
                price: {type: number, example: 42.5}
      responses:
        '201':
          description: created
`;
}

const ITEMS = [
  { id: 1, name: 'Red shoes', price: 39.9 },
  { id: 2, name: 'Blue shoes', price: 42.5 },
];

const LEDGER =
  '{"accounts": [{"id": 12345678901234567890, "balance": 1.10}, {"id": 12345678901234567891, "balance": 0.10000000000000000555}]}';

function json(res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...extra });
  res.end(JSON.stringify(value));
}

/** A deterministic JSON document of about `mb` megabytes: an array of records. */
const bigJsonCache = new Map<number, Buffer>();
function bigJson(mb: number): Buffer {
  const cached = bigJsonCache.get(mb);
  if (cached) return cached;
  const target = mb * 1024 * 1024;
  const parts: string[] = [];
  let length = 2;
  for (let id = 1; length < target; id++) {
    const record = JSON.stringify({
      id,
      name: `Item ${id}`,
      tags: ['alpha', 'beta', id % 2 ? 'odd' : 'even'],
      price: Math.round(((id * 7919) % 100000) / 10) / 10,
      active: id % 3 !== 0,
      note: id % 5 === 0 ? null : `Café ☕ ${id}`,
    });
    parts.push(record);
    length += Buffer.byteLength(record) + 2;
  }
  const body = Buffer.from(`[\n${parts.join(',\n')}\n]`);
  bigJsonCache.set(mb, body);
  return body;
}

/** Deterministic bytes covering every value 0..255 (a simple LCG), for binary round trips. */
export function binaryBytes(length: number): Buffer {
  const out = Buffer.alloc(length);
  let x = 12345;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = i < 256 ? i : x >>> 24;
  }
  return out;
}

/** A 48×48 RGB PNG (a colour gradient), built here so it is a real, valid image. */
function pngImage(): Buffer {
  const size = 48;
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, RGB, deflate, no filter, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(x * 5, y * 5, 160);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = pngImage();

function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

function route(req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) {
  const url = new URL(recorded.target, 'http://demo.local');
  const header = (name: string) => req.headers[name.toLowerCase()];
  // `/echo/<anything>` echoes too, so imported collections can use REST-style paths against it.
  switch (url.pathname.startsWith('/echo/') ? '/echo' : url.pathname) {
    case '/':
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(DEMO_PAGE);
    case '/api/items':
      if (req.method === 'POST') {
        let item: unknown;
        try {
          item = JSON.parse(recorded.body.toString('utf8'));
        } catch {
          return json(res, 400, { error: 'The body must be JSON.' });
        }
        return json(res, 201, { id: ITEMS.length + 1, ...(item as object) }, { Location: '/api/items/3' });
      }
      return json(res, 200, { items: ITEMS.slice(0, Number(url.searchParams.get('limit') ?? ITEMS.length)) });
    case '/api/ledger':
      // Numbers a JavaScript number cannot hold (ids beyond 2^53, amounts past 17 digits), written as text.
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      return res.end(LEDGER);
    case '/openapi.yaml':
      // The demo API described as OpenAPI 3.1 (its server is wherever this was asked for): the OpenAPI tool's URL fetch.
      res.writeHead(200, { 'Content-Type': 'application/yaml; charset=utf-8' });
      return res.end(demoOpenApi(`http://${header('host') ?? '127.0.0.1'}`));
    case '/api/upload':
      return json(res, 200, { received: recorded.body.length, contentType: header('content-type') ?? null });
    case '/api/me':
      return json(res, 200, { cookie: header('cookie') ?? null }, { 'Set-Cookie': 'seen=1; Path=/; SameSite=Lax' });
    case '/echo':
      return json(res, 200, {
        method: recorded.method,
        target: recorded.target,
        headers: recorded.rawHeaders,
        body: recorded.body.toString('utf8'),
      });
    case '/status': {
      const code = Number(url.searchParams.get('code') ?? 200);
      return json(res, code >= 200 && code <= 599 ? code : 400, { status: code });
    }
    case '/slow':
      return void setTimeout(() => json(res, 200, { slow: true }), Number(url.searchParams.get('ms') ?? 2000));
    case '/bytes':
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      return res.end(Buffer.from([0, 1, 2, 253, 254, 255]));
    case '/redirect': {
      // ?to=<location>&status=<3xx>: a redirect with the given Location (default: /echo).
      const status = Number(url.searchParams.get('status') ?? 302);
      res.writeHead(status >= 300 && status <= 399 ? status : 302, {
        Location: url.searchParams.get('to') ?? '/echo',
        'Content-Type': 'text/plain; charset=utf-8',
      });
      return res.end(`Redirecting to ${url.searchParams.get('to') ?? '/echo'}`);
    }
    case '/set-cookie': {
      // ?name=<n>&value=<v>: sets that cookie (default demo=1) and a second one, echoing the Cookie header received.
      const name = url.searchParams.get('name') ?? 'demo';
      const value = url.searchParams.get('value') ?? '1';
      res.setHeader('Set-Cookie', [`${name}=${value}; Path=/; SameSite=Lax`, 'second=two; Path=/; HttpOnly']);
      return json(res, 200, { set: `${name}=${value}`, cookie: header('cookie') ?? null });
    }
    case '/big-json': {
      // ?mb=<n>: about n megabytes of JSON (default 10), with Content-Length.
      const mb = Math.min(Math.max(Number(url.searchParams.get('mb') ?? 10) || 10, 0.001), 200);
      const body = bigJson(mb);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      return res.end(body);
    }
    case '/big-binary': {
      // ?mb=<n>: n megabytes of deterministic bytes (binaryBytes), with Content-Length.
      const mb = Math.min(Math.max(Number(url.searchParams.get('mb') ?? 1) || 1, 0.001), 200);
      const body = binaryBytes(Math.round(mb * 1024 * 1024));
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': body.length });
      return res.end(body);
    }
    case '/image.png':
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length });
      return res.end(PNG);
    case '/trickle': {
      // ?chunks=<n>&ms=<gap>: the head at once, then the body in n pieces, one every ms milliseconds.
      const chunks = Number(url.searchParams.get('chunks') ?? 10);
      const gap = Number(url.searchParams.get('ms') ?? 500);
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed || sent >= chunks) {
          clearInterval(timer);
          return void res.end();
        }
        res.write(`piece ${++sent}\n`);
      }, gap);
      return;
    }
    case '/sse': {
      // Server-Sent Events. ?token=<t>: the X-Api-Key header must be t (401 without it). ?count=<n> events
      // (default 3), then the stream ends. The events' ids continue after Last-Event-ID; a POST's body
      // comes back as the first event ("body").
      const wanted = url.searchParams.get('token');
      if (wanted !== null && header('x-api-key') !== wanted) {
        return json(res, 401, { error: 'X-Api-Key required' }, { 'WWW-Authenticate': 'ApiKey' });
      }
      const count = Math.min(Number(url.searchParams.get('count') ?? 3) || 3, 100_000);
      const after = Number(header('last-event-id') ?? 0) || 0;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      let out = 'retry: 1000\n\n';
      if (req.method === 'POST')
        out += `event: body\ndata: ${recorded.body.toString('utf8').replace(/\n/g, '\ndata: ')}\n\n`;
      for (let i = 1; i <= count; i++) out += `id: ${after + i}\nevent: tick\ndata: {"n":${after + i}}\n\n`;
      return res.end(out);
    }
    // ---- Response view fixtures (/fixtures/...): bodies of each kind the response view shows. ----
    case '/fixtures/json':
      // Written by hand, not by JSON.stringify: the view must keep these exact number and string forms.
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      return res.end(
        '{"id":12345678901234567890,"price":1.50,"name":"Caf\\u00e9 ☕","tags":["a","b"],' +
          '"nested":{"ok":true,"none":null,"empty":{},"list":[]}}',
      );
    case '/fixtures/xml':
      res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' });
      return res.end('<?xml version="1.0"?>\n<items>\n  <item id="1">Red &amp; shoes</item>\n</items>\n');
    case '/fixtures/js':
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      return res.end('export function add(a, b) {\n  return a + b; // sum\n}\n');
    case '/fixtures/css':
      res.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8' });
      return res.end('.item {\n  color: #c00;\n  margin: 0 auto;\n}\n');
    case '/fixtures/hostile.html':
      // Everything here would run or change the page if it ever reached innerHTML.
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(
        '<!doctype html><title>pwned</title>\n' +
          '<script>window.__pwned = "script"; alert("script");</script>\n' +
          '<img src="x" onerror="window.__pwned = \'img\'; alert(\'img\')">\n' +
          "<svg onload=\"window.__pwned = 'svg'; alert('svg')\"></svg>\n" +
          '<iframe srcdoc="<script>parent.__pwned = \'iframe\'</script>"></iframe>\n' +
          '<style>body { display: none !important; }</style>\n' +
          '<a href="javascript:alert(1)">click</a> <b>bold</b> &lt;escaped&gt;\n',
      );
    case '/fixtures/hostile.svg':
      res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
      return res.end(
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" onload="window.__pwned = \'svg\'; alert(1)">' +
          '<script>window.__pwned = "svg-script"; alert(2)</script><rect width="20" height="10" fill="#0a0"/></svg>',
      );
    case '/fixtures/pixels.png':
      // A 3×2 RGB PNG.
      res.writeHead(200, { 'Content-Type': 'image/png' });
      return res.end(
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAGElEQVR4nGP4z8DAAMH//zMw/P//n+E/AErJCPgO3Eq0AAAAAElFTkSuQmCC',
          'base64',
        ),
      );
    case '/fixtures/binary':
      // 8 KB: bytes 0..255 over and over.
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      return res.end(Buffer.from(Array.from({ length: 8192 }, (_, i) => i & 0xff)));
    case '/fixtures/large.json': {
      // ?mb=<n> (default 10): about n megabytes of minified JSON on one line.
      const target = Math.min(Math.max(Number(url.searchParams.get('mb') ?? 10) || 10, 0.01), 60) * 1024 * 1024;
      const records: string[] = [];
      for (let id = 0, length = 0; length < target; id++) {
        const record = `{"id":${id},"name":"Record ${id}","tags":["x","y"],"score":${(id % 997) / 10},"ok":${id % 2 === 0},"next":null}`;
        records.push(record);
        length += record.length + 1;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(`{"count":${records.length},"records":[${records.join(',')}]}`);
    }
    case '/fixtures/set-cookie':
      res.setHeader('Set-Cookie', ['fixture=one; Path=/; SameSite=Lax', 'other=two; Path=/; HttpOnly; Max-Age=60']);
      return json(res, 200, { cookies: 2 });
    // ---- end of response view fixtures ----
    default:
      return json(res, 404, { error: `No route for ${url.pathname}` });
  }
}

/**
 * A small API on 127.0.0.1 that also records exactly what arrived: used by
 * `npm start` as the demo page's API and by the tests as the witness of what
 * the extension sent.
 */
export function startDemoServer(port = 0): Promise<DemoServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        target: req.url ?? '',
        rawHeaders: pairs(req.rawHeaders),
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      route(req, res, recorded);
    });
  });
  const sockets = new WebSocketServer({
    noServer: true,
    // The first subprotocol the client offers that the server knows (chat, superchat).
    handleProtocols: (offered) => [...offered].find((p) => p === 'chat' || p === 'superchat') ?? false,
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      target: req.url ?? '',
      rawHeaders: pairs(req.rawHeaders),
      body: Buffer.alloc(0),
    };
    requests.push(recorded);
    upgrade(sockets, req, socket, head);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${actual}`,
        requests,
        close: () =>
          new Promise<void>((done) => {
            for (const client of sockets.clients) client.terminate();
            sockets.close();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Refuses a WebSocket handshake with a plain HTTP answer. */
function refuse(socket: Duplex, status: string, headers: Record<string, string>, body: string) {
  const lines = Object.entries({
    ...headers,
    'Content-Type': 'text/plain',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  })
    .map(([n, v]) => `${n}: ${v}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status}\r\n${lines}\r\n\r\n${body}`);
}

/**
 * WebSocket endpoints (ws on the same port):
 * - /ws/echo: every message back as it came (text as text, binary as binary); the first message is the
 *   handshake's headers as JSON when ?hello=1.
 * - /ws/protocols: the first of the offered subprotocols that is chat or superchat.
 * - /ws/auth: 401 Unauthorized with WWW-Authenticate unless Authorization is "Bearer demo-token".
 * - /ws/close?code=4001&reason=bye: closes with that code as soon as it opens.
 * - /ws/stream?count=10000: sends count numbered messages as fast as it can.
 * Any other path: 404.
 */
function upgrade(sockets: WebSocketServer, req: IncomingMessage, socket: Duplex, head: Buffer) {
  const url = new URL(req.url ?? '/', 'http://demo.local');
  if (url.pathname === '/ws/auth' && req.headers.authorization !== 'Bearer demo-token') {
    return refuse(socket, '401 Unauthorized', { 'WWW-Authenticate': 'Bearer realm="demo"' }, 'Authorization required');
  }
  if (!['/ws/echo', '/ws/protocols', '/ws/auth', '/ws/close', '/ws/stream'].includes(url.pathname)) {
    return refuse(socket, '404 Not Found', {}, `No WebSocket endpoint at ${url.pathname}`);
  }
  sockets.handleUpgrade(req, socket, head, (ws: WebSocket) => {
    switch (url.pathname) {
      case '/ws/close': {
        const code = Number(url.searchParams.get('code') ?? 4001);
        return ws.close(code, url.searchParams.get('reason') ?? 'bye');
      }
      case '/ws/stream': {
        const count = Math.min(Number(url.searchParams.get('count') ?? 10_000) || 10_000, 1_000_000);
        for (let i = 1; i <= count; i++) ws.send(`{"seq":${i},"text":"message ${i}"}`);
        return;
      }
      default:
        if (url.searchParams.get('hello') === '1') ws.send(JSON.stringify({ headers: req.headers }));
        ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
    }
  });
}
