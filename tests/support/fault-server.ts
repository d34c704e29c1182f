/**
 * Servers that misbehave on purpose, for the network fault tests: one that
 * never answers, one that hangs up halfway through a body, one that streams
 * a huge body, one whose body never ends, and an HTTPS server whose
 * certificate nobody trusts. Each records what happened to its connections,
 * so a test can tell when the browser hung up.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import {
  connect,
  createServer as createNetServer,
  type AddressInfo,
  type Server as NetServer,
  type Socket,
} from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/** One request the fault server received and what became of its connection. */
export interface FaultExchange {
  /** The request target (path and query). */
  target: string;
  /** When the request arrived (Date.now()). */
  arrivedAt: number;
  /** Body bytes handed to the socket so far. */
  bytesWritten: number;
  /** When the connection closed (Date.now()), if it has. */
  closedAt?: number;
  /** True when the client went away before the response was complete. */
  abortedByClient: boolean;
}

export interface FaultServer {
  origin: string;
  exchanges: FaultExchange[];
  /** The exchange for the first request whose target contains `marker`, once it has arrived. */
  arrival(marker: string, timeout?: number): Promise<FaultExchange>;
  /** Resolves once that exchange's connection has closed. */
  closed(marker: string, timeout?: number): Promise<FaultExchange>;
  close(): Promise<void>;
}

/** What the streamed body is made of: printable lines, or bytes that are not text in any charset. */
export type StreamKind = 'text' | 'binary';

/** The streamed body's byte at `offset`: ASCII letters in lines of 64, or (binary) every value 0..255. */
export function streamByte(offset: number, kind: StreamKind): number {
  if (kind === 'binary') return (offset * 167) & 0xff;
  return offset % 65 === 64 ? 0x0a : 0x41 + ((offset * 7) % 26);
}

/** `length` bytes of the streamed body starting at `offset`. */
export function streamedBytes(offset: number, length: number, kind: StreamKind = 'text'): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = streamByte(offset + i, kind);
  return out;
}

/** A body of `total` bytes made on demand, 64 KB at a time, honouring backpressure. */
function bodyStream(total: number, kind: StreamKind, exchange: FaultExchange): Readable {
  // Both patterns repeat every 65 × 256 bytes, so one block serves every offset that is a multiple of it.
  const block = streamedBytes(0, 65 * 256 * 4, kind);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(block.length, total - sent);
      sent += size;
      exchange.bytesWritten = sent;
      this.push(block.subarray(0, size));
    },
  });
}

async function waitFor<T>(what: string, check: () => T | undefined, timeout: number): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`The fault server never saw ${what} within ${timeout} ms.`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function route(req: IncomingMessage, res: ServerResponse, exchange: FaultExchange) {
  const url = new URL(req.url ?? '/', 'http://fault.local');
  const number = (name: string, fallback: number) => Number(url.searchParams.get(name) ?? fallback);
  switch (url.pathname) {
    case '/hang':
      // Reads the request and never answers; the socket stays open until the client gives up.
      return;
    case '/cut': {
      // ?length=<announced>&sent=<actually sent>: a Content-Length body that stops short, then a hang-up.
      const length = number('length', 1000);
      const sent = number('sent', 100);
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': length });
      res.write(streamedBytes(0, sent), () => {
        exchange.bytesWritten = sent;
        // Let the bytes leave before the connection goes.
        setTimeout(() => req.socket.destroy(), 50);
      });
      return;
    }
    case '/cut-chunked': {
      // ?sent=<bytes>: a chunked body that stops without its last chunk, then a hang-up.
      const sent = number('sent', 100);
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.write(streamedBytes(0, sent), () => {
        exchange.bytesWritten = sent;
        setTimeout(() => req.socket.destroy(), 50);
      });
      return;
    }
    case '/stream': {
      // ?mb=<n>&binary=1: n megabytes made on the fly (streamedBytes), with Content-Length.
      const total = Math.round(number('mb', 100) * 1024 * 1024);
      const kind: StreamKind = url.searchParams.get('binary') === '1' ? 'binary' : 'text';
      res.writeHead(200, {
        'Content-Type': kind === 'binary' ? 'application/octet-stream' : 'text/plain; charset=utf-8',
        'Content-Length': total,
      });
      const body = bodyStream(total, kind, exchange);
      body.pipe(res);
      res.on('close', () => body.destroy());
      return;
    }
    case '/endless': {
      // ?ms=<gap>: the head at once, then a few bytes every gap milliseconds, forever.
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      const gap = number('ms', 100);
      let count = 0;
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer);
        const line = `tick ${++count}\n`;
        res.write(line);
        exchange.bytesWritten += line.length;
      }, gap);
      res.on('close', () => clearInterval(timer));
      return;
    }
    default:
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end(`No route for ${url.pathname}`);
  }
}

/** How to close the server at once, open connections included. */
function closer(server: Server | NetServer): () => Promise<void> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return () =>
    new Promise<void>((done) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => done());
    });
}

function track(server: Server, exchanges: FaultExchange[], origin: string): FaultServer {
  const close = closer(server);
  const find = (marker: string) => exchanges.find((e) => e.target.includes(marker));
  return {
    origin,
    exchanges,
    arrival: (marker, timeout = 15_000) => waitFor(`a request for ${marker}`, () => find(marker), timeout),
    closed: (marker, timeout = 15_000) =>
      waitFor(`the connection for ${marker} close`, () => (find(marker)?.closedAt ? find(marker) : undefined), timeout),
    close,
  };
}

function listen(server: Server, scheme: 'http' | 'https', exchanges: FaultExchange[]): Promise<FaultServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(track(server, exchanges, `${scheme}://127.0.0.1:${port}`));
    });
  });
}

function recorder(exchanges: FaultExchange[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const exchange: FaultExchange = {
      target: req.url ?? '',
      arrivedAt: Date.now(),
      bytesWritten: 0,
      abortedByClient: false,
    };
    exchanges.push(exchange);
    res.on('close', () => {
      exchange.closedAt = Date.now();
      exchange.abortedByClient = !res.writableFinished;
    });
    req.resume();
    req.on('end', () => route(req, res, exchange));
  };
}

/** The misbehaving HTTP server on 127.0.0.1 (routes: /hang, /cut, /cut-chunked, /stream, /endless). */
export function startFaultServer(): Promise<FaultServer> {
  const exchanges: FaultExchange[] = [];
  const server = createServer(recorder(exchanges));
  // A 100 MB body at loopback speed can take a while on a busy machine.
  server.requestTimeout = 0;
  return listen(server, 'http', exchanges);
}

export interface UntrustedTlsServer extends FaultServer {
  /** TLS handshakes that failed on the server side, with the reason Node gives (the client's alert). */
  handshakeFailures: string[];
}

/**
 * An HTTPS server on 127.0.0.1 with a self-signed certificate made now with
 * openssl: no browser trusts it, so every request must fail at the handshake.
 * With `handshakeDelayMs`, each connection waits that long before the server
 * answers, as a server across a network would.
 */
export async function startUntrustedTlsServer(
  options: { handshakeDelayMs?: number } = {},
): Promise<UntrustedTlsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'http-workbench-tls-'));
  try {
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=127.0.0.1',
          '-days',
          '1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'pipe' },
      );
    } catch (error) {
      throw new Error(
        `Could not make a self-signed certificate with openssl (Debian: apt-get install openssl): ${(error as Error).message}`,
        { cause: error },
      );
    }
    const exchanges: FaultExchange[] = [];
    const server = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      recorder(exchanges),
    );
    const handshakeFailures: string[] = [];
    server.on('tlsClientError', (error: Error) => handshakeFailures.push(error.message));
    const started = await listen(server, 'https', exchanges);
    const delay = options.handshakeDelayMs ?? 0;
    if (delay === 0) return { ...started, handshakeFailures };
    // In front: a plain TCP relay that connects to the HTTPS server only after the pause.
    const target = Number(new URL(started.origin).port);
    const front = createNetServer((socket) => {
      const timer = setTimeout(() => {
        const upstream = connect(target, '127.0.0.1');
        socket.pipe(upstream).pipe(socket);
        upstream.on('error', () => socket.destroy());
      }, delay);
      socket.on('error', () => undefined);
      socket.on('close', () => clearTimeout(timer));
    });
    const closeFront = closer(front);
    const port = await new Promise<number>((resolve, reject) => {
      front.once('error', reject);
      front.listen(0, '127.0.0.1', () => resolve((front.address() as AddressInfo).port));
    });
    return {
      ...started,
      origin: `https://127.0.0.1:${port}`,
      handshakeFailures,
      close: async () => {
        await closeFront();
        await started.close();
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
