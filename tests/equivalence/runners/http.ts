/**
 * Request files, sent as they are (no process to start):
 * - `.http`, the raw HTTP/1.1 message: its exact bytes are written to the
 *   recording server over a plain TCP socket, and the response is read back.
 * - `.har`, a HAR log: each entry goes through the project's own HAR import
 *   (what "Import" does with the file), the imported request is composed the
 *   way the REST client sends it (its `{{variables}}` filled in from the
 *   collection and the case's environment), and written to the server as an
 *   HTTP/1.1 message with no defaults of a client added.
 * The check is that the file parses (JSON for HAR, a request line and header
 * block for a message).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { importCollections } from '../../../src/core/collections/formats.ts';
import type { PortableItem } from '../../../src/core/collections/types.ts';
import { splitUrl } from '../../../src/core/curl/wire.ts';
import { substituteDraft } from '../../../src/core/env/draft.ts';
import { composeRequest, type BodyDraft, type RequestDraft } from '../../../src/core/http/compose.ts';
import type { StoredBody, StoredRequest } from '../../../src/core/history/types.ts';
import type { LanguageRunner, ProcessResult, Program, ProgramCheck, RunOptions } from '../runners.ts';

const RUN_TIMEOUT_MS = 30_000;

/** Writes `bytes` to host:port, half-closes, and collects the response until the server closes. */
export function sendBytes(origin: string, bytes: Uint8Array, timeoutMs = RUN_TIMEOUT_MS): Promise<ProcessResult> {
  const { hostname, port } = new URL(origin);
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) || 80 });
    const finish = (result: Partial<ProcessResult>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const response = Buffer.concat(chunks).toString('latin1');
      const answered = /^HTTP\/\d(\.\d)? \d{3}/.test(response);
      resolve({
        exitCode: answered ? 0 : 1,
        signal: null,
        stdout: response.slice(0, 4000),
        stderr: answered ? '' : 'no HTTP response came back',
        durationMs: Math.round(performance.now() - started),
        timedOut: false,
        ...result,
      });
    };
    const timer = setTimeout(() => finish({ exitCode: null, timedOut: true }), timeoutMs);
    socket.on('connect', () => socket.end(bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish({}));
    socket.on('error', (error) => finish({ exitCode: null, spawnError: error.message }));
  });
}

/** Writes the batch's files (`<id>.<extension>`), removing earlier batches' files. */
function writeBatch(dir: string, extension: string, programs: readonly Program[]): void {
  mkdirSync(dir, { recursive: true });
  const names = new Set(programs.map((p) => `${p.id}.${extension}`));
  for (const name of readdirSync(dir)) if (!names.has(name)) rmSync(join(dir, name), { force: true });
  for (const program of programs) {
    const path = join(dir, `${program.id}.${extension}`);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== program.source) writeFileSync(path, program.source);
  }
}

/**
 * `{{NAME}}` templates replaced with the case's variables, as a client of HTTP request files fills them in
 * (the Content-Length then counts the body's bytes as filled in).
 */
function fillTemplates(text: string, env: Record<string, string> | undefined): Uint8Array {
  const fill = (part: string) =>
    env ? part.replace(/\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g, (whole, name: string) => env[name] ?? whole) : part;
  const end = text.indexOf('\r\n\r\n');
  if (end === -1 || !env) return Buffer.from(text, 'utf8');
  const body = Buffer.from(fill(text.slice(end + 4)), 'utf8');
  const head = fill(text.slice(0, end)).replace(/(\r\nContent-Length:) *\d+/i, `$1 ${body.length}`);
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'utf8'), body]);
}

/** The raw HTTP/1.1 message: its exact bytes on a plain socket. */
export class HttpMessageRunner implements LanguageRunner {
  readonly language = 'http';
  constructor(private readonly dir: string) {}

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    writeBatch(this.dir, 'http', programs);
    return new Map(
      programs.map((p): [string, ProgramCheck] => {
        const end = p.source.indexOf('\r\n\r\n');
        const lines = end === -1 ? [] : p.source.slice(0, end).split('\r\n');
        const problems: string[] = [];
        if (!/^\S+ \S+ HTTP\/1\.[01]$/.test(lines[0] ?? '')) problems.push('the message has no request line');
        else if (lines.slice(1).some((line) => !/^[^\s:]+:/.test(line))) problems.push('a header line has no name');
        return [p.id, { runnable: problems.length === 0, problems }];
      }),
    );
  }

  async run(id: string, options: RunOptions): Promise<ProcessResult> {
    const text = readFileSync(join(this.dir, `${id}.http`), 'utf8');
    const host = /\r\nHost: ([^\r\n]*)/i.exec(text)?.[1];
    const origin = options.origin ?? `http://${host ?? ''}`;
    return sendBytes(origin, fillTemplates(text, options.env), options.timeoutMs);
  }
}

/** The editor's body for a stored one: file parts and file bodies have no bytes until a file is chosen. */
function bodyDraft(body: StoredBody): BodyDraft {
  switch (body.kind) {
    case 'multipart':
      return {
        kind: 'multipart',
        rows: body.rows.map((row) =>
          row.kind === 'text'
            ? { kind: 'text', enabled: row.enabled, name: row.name, value: row.value }
            : {
                kind: 'file',
                enabled: row.enabled,
                name: row.name,
                value: '',
                // What the editor makes of a file imported with its content; other files are not chosen.
                file:
                  row.content === undefined
                    ? null
                    : { name: row.fileName, type: row.contentType ?? '', bytes: new TextEncoder().encode(row.content) },
              },
        ),
      };
    case 'binary':
      return { kind: 'binary', file: null };
    default:
      return body;
  }
}

/** The HTTP/1.1 message for a composed request: Host from the URL unless a header sets it, Content-Length for a body. */
function message(method: string, url: string, headers: { name: string; value: string }[], body?: Uint8Array): Buffer {
  const parts = splitUrl(url);
  const lines = [`${method} ${parts.target} HTTP/1.1`];
  if (!headers.some((h) => h.name.toLowerCase() === 'host')) {
    lines.push(`Host: ${parts.host}${parts.port ? `:${parts.port}` : ''}`);
  }
  for (const h of headers) lines.push(`${h.name}: ${h.value}`);
  if (body) lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), Buffer.from(body ?? [])]);
}

/** A HAR log replayed through the project's HAR import. */
export class HarRunner implements LanguageRunner {
  readonly language = 'har';
  constructor(private readonly dir: string) {}

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    writeBatch(this.dir, 'har', programs);
    return new Map(
      programs.map((p): [string, ProgramCheck] => {
        try {
          const result = importCollections(p.source);
          const count = result.collections.reduce((n, c) => n + c.items.length, 0);
          return [p.id, count > 0 ? { runnable: true, problems: [] } : { runnable: false, problems: ['no entries'] }];
        } catch (error) {
          return [p.id, { runnable: false, problems: [`the import refuses it: ${(error as Error).message}`] }];
        }
      }),
    );
  }

  async run(id: string, options: RunOptions): Promise<ProcessResult> {
    const started = performance.now();
    try {
      return await this.replay(id, options, started);
    } catch (error) {
      // What the REST client would refuse to send (a file part with no file chosen…): nothing goes out.
      return {
        exitCode: 1,
        signal: null,
        stdout: '',
        stderr: `the imported request cannot be sent: ${(error as Error).message}`,
        durationMs: Math.round(performance.now() - started),
        timedOut: false,
      };
    }
  }

  private async replay(id: string, options: RunOptions, started: number): Promise<ProcessResult> {
    const imported = importCollections(readFileSync(join(this.dir, `${id}.har`), 'utf8'));
    let last: ProcessResult | undefined;
    for (const collection of imported.collections) {
      const values = new Map(collection.variables.filter((v) => v.enabled).map((v) => [v.key, v.value]));
      const lookup = (name: string) => values.get(name) ?? options.env?.[name];
      const requests = collection.items.filter(
        (item): item is Extract<PortableItem, { type: 'request' }> => item.type === 'request',
      );
      for (const item of requests) {
        const stored: StoredRequest = item.request;
        const draft: RequestDraft = { ...stored, body: bodyDraft(stored.body) };
        const outgoing = composeRequest(substituteDraft(draft, lookup).draft, id);
        const body = outgoing.bodyBase64 === undefined ? undefined : Buffer.from(outgoing.bodyBase64, 'base64');
        const bytes = message(outgoing.method, outgoing.url, outgoing.headers, body);
        last = await sendBytes(options.origin ?? new URL(outgoing.url).origin, bytes, options.timeoutMs);
        if (last.exitCode !== 0) break;
      }
    }
    const result = last ?? {
      exitCode: 1,
      signal: null,
      stdout: '',
      stderr: 'the HAR file holds no request',
      durationMs: 0,
      timedOut: false,
    };
    return { ...result, durationMs: Math.round(performance.now() - started) };
  }
}
