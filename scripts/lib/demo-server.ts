import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

const ITEMS = [
  { id: 1, name: 'Red shoes', price: 39.9 },
  { id: 2, name: 'Blue shoes', price: 42.5 },
];

function json(res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...extra });
  res.end(JSON.stringify(value));
}

function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

function route(req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) {
  const url = new URL(recorded.target, 'http://demo.local');
  const header = (name: string) => req.headers[name.toLowerCase()];
  switch (url.pathname) {
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
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${actual}`,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
