import { spawn } from 'node:child_process';
import type { RecordedRequest } from '../../scripts/lib/demo-server.ts';
import type { CurlRequest } from '../../src/core/curl/model.ts';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { CurlParseError } from '../../src/core/errors.ts';
import { tokenize, type Word } from '../../src/core/shell/index.ts';
import { hasVariables } from '../../src/core/variables.ts';

/**
 * Runs a user's curl command for real, against a local recording server, so
 * that what curl puts on the wire can serve as the truth in comparisons.
 */

export interface RunCurlOptions {
  /** Working directory: relative `@file` and `-o` paths resolve here. Default: the current directory. */
  cwd?: string;
  /** Kill curl (and everything the command started) after this long. Default 10 s. */
  timeoutMs?: number;
  /** Environment to start from (proxy variables are removed from it). Default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** Exit statuses that still count as a run. Default 0, and 22 (`--fail` on an HTTP error status). */
  okExitCodes?: readonly number[];
}

const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'ALL_PROXY', 'all_proxy'];

/** Words that run the next word as the command. */
const COMMAND_PREFIXES = new Set(['env', 'command', 'exec', 'time', 'nohup']);

interface CurlCommand {
  /** The `curl` word itself. */
  curl: Word;
  /** The requests it makes, with spans into the whole command line. */
  requests: CurlRequest[];
}

/**
 * Every command of a bash command line that runs curl, parsed. Other commands
 * (`&& echo done`) and what precedes curl in its command (`VAR=value`, `env`)
 * are blanked out before parsing, so that spans, lines and columns stay those
 * of the whole command line.
 */
function curlCommands(commandLine: string): CurlCommand[] {
  const found: CurlCommand[] = [];
  for (const command of tokenize(commandLine, 'bash').commands) {
    const curl = command.words.find(
      (word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.value) && !COMMAND_PREFIXES.has(word.value),
    );
    if (curl?.value.split('/').pop() !== 'curl') continue;
    const start = curl.span.offset;
    const only = commandLine.slice(0, start).replace(/[^\n]/g, ' ') + commandLine.slice(start, command.span.end);
    found.push({ curl, requests: parseCurl(only, { dialect: 'bash' }).requests });
  }
  return found;
}

/** The URLs a command's curl invocations would fetch: scheme added when missing, shell variables as markers. */
export function curlUrls(command: string): string[] {
  return curlCommands(command).flatMap(({ requests }) => requests.map((request) => request.url));
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * The URL argument `raw` (as written, quotes included; `value` after quote
 * removal) with its scheme and host replaced by those of `base`. The scheme
 * (if any) and the host must be written literally near the start of the
 * argument, after an optional opening quote; everything else, user info
 * included, stays as written.
 */
function repoint(raw: string, value: string, base: URL): string {
  const opening = /^\$?['"]/.exec(raw)?.[0] ?? '';
  const scheme = SCHEME.exec(value)?.[0] ?? '';
  const authority = value.slice(scheme.length).split(/[/?#]/, 1)[0]!;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  const userinfo = authority.slice(0, authority.length - host.length);
  const start = opening.length + scheme.length;
  let hostAt = raw.startsWith(userinfo, start) ? start + userinfo.length : -1;
  if (hasVariables(userinfo)) {
    // `https://$USER:$TOKEN@host/`: the user info is kept as written, up to the literal host.
    const at = raw.indexOf(`@${host}`, start);
    hostAt = at < 0 ? -1 : at + 1;
  }
  if (
    host === '' ||
    hasVariables(host) ||
    !raw.startsWith(scheme, opening.length) ||
    hostAt < 0 ||
    !raw.startsWith(host, hostAt) ||
    /[\w.:[\]-]/.test(raw[hostAt + host.length] ?? '')
  ) {
    throw new Error(
      `Cannot point the URL ${raw} at ${base.origin}: its scheme and host are not written out literally ` +
        '(they come from a shell variable, a substitution or escapes).',
    );
  }
  // Host names and ports need no quoting, whatever quotes they end up in.
  const end = hostAt + host.length;
  return `${raw.slice(0, opening.length)}${base.protocol}//${raw.slice(start, hostAt)}${base.host}${raw.slice(end)}`;
}

/**
 * Points every http(s) URL curl would fetch (positional URLs and `--url`) at
 * `origin`, keeping any `user:password@`, and the path and query exactly as
 * written (escapes, quoting and shell variables included). A URL without a
 * scheme counts as http, as curl reads it. URLs inside option values (`-e`,
 * `-d`...) and other schemes are left alone.
 */
export function pointAt(command: string, origin: string): string {
  const base = new URL(origin);
  let requests: CurlRequest[];
  try {
    requests = curlCommands(command).flatMap((found) => found.requests);
  } catch (error) {
    if (error instanceof CurlParseError && error.code === 'no-url') requests = [];
    else throw error;
  }
  if (requests.length === 0) throw new Error(`No curl URL found in the command: ${command}`);
  let out = command;
  let before = Infinity;
  for (const { url, urlAsWritten, urlSpan } of [...requests].sort((a, b) => b.urlSpan.offset - a.urlSpan.offset)) {
    // From the last URL argument to the first, each once, so that earlier spans stay valid.
    if (urlSpan.end > before) continue;
    // A URL that starts with a shell variable may be http(s): it cannot be pointed safely.
    if (hasVariables(url) && !/^https?:\/\//i.test(url))
      repoint(command.slice(urlSpan.offset, urlSpan.end), urlAsWritten, base);
    if (!/^https?:\/\//i.test(url)) continue;
    before = urlSpan.offset;
    const raw = command.slice(urlSpan.offset, urlSpan.end);
    out = out.slice(0, urlSpan.offset) + repoint(raw, urlAsWritten, base) + out.slice(urlSpan.end);
  }
  return out;
}

const curlChecks = new Map<string, Promise<void>>();

function ensureCurl(env: NodeJS.ProcessEnv): Promise<void> {
  const key = env.PATH ?? '';
  let check = curlChecks.get(key);
  if (!check) {
    check = new Promise<void>((resolve, reject) => {
      const child = spawn('curl', ['--version'], { env, stdio: 'ignore' });
      child.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            error.code === 'ENOENT'
              ? 'curl is not installed (or not on PATH): the equivalence tests need the real curl to record what it sends.'
              : `curl could not be started: ${error.message}`,
          ),
        ),
      );
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`"curl --version" failed with exit status ${code}.`)),
      );
    });
    curlChecks.set(key, check);
    check.catch(() => curlChecks.delete(key));
  }
  return check;
}

/** Whether `url` (with a scheme, as the parser gives it) goes to `origin`, user info aside. */
function pointsAt(url: string, origin: string): boolean {
  const scheme = SCHEME.exec(url)?.[0];
  if (!scheme) return false;
  const authority = url.slice(scheme.length).split(/[/?#]/, 1)[0]!;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return `${scheme}${host}`.toLowerCase() === origin.toLowerCase();
}

/**
 * Runs `command` (already pointed at `server` with {@link pointAt}) through
 * `bash -c`, silently and without proxies or a `.curlrc`, and returns the
 * requests the server recorded meanwhile.
 */
export async function runCurl(
  command: string,
  server: { origin: string; requests: RecordedRequest[] },
  options: RunCurlOptions = {},
): Promise<RecordedRequest[]> {
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env) };
  for (const name of PROXY_VARIABLES) delete env[name];
  await ensureCurl(env);

  const commands = curlCommands(command);
  if (commands.length === 0) throw new Error(`The command does not run curl: ${command}`);
  const origin = new URL(server.origin).origin;
  for (const { url } of commands.flatMap((found) => found.requests)) {
    if (!pointsAt(url, origin)) {
      throw new Error(`The URL ${JSON.stringify(url)} does not point at ${origin}: use pointAt() first.`);
    }
  }
  // `-q` (must come first) skips any .curlrc; `-s -S` hides the progress meter but keeps error messages.
  let script = command;
  for (const { curl } of [...commands].reverse()) {
    script = `${script.slice(0, curl.span.end)} -q -s -S${script.slice(curl.span.end)}`;
  }

  const timeoutMs = options.timeoutMs ?? 10_000;
  const okExitCodes = options.okExitCodes ?? [0, 22];
  const before = server.requests.length;
  await new Promise<void>((resolve, reject) => {
    // Asynchronous on purpose: a synchronous spawn would block the in-process server and deadlock curl.
    const child = spawn('bash', ['-c', script], {
      cwd: options.cwd,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The whole process group: bash and the curl it started.
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`bash could not be started to run curl: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) reject(new Error(`curl did not finish within ${timeoutMs} ms and was killed: ${command}`));
      else if (code !== null && okExitCodes.includes(code)) resolve();
      else {
        const status = code === null ? `signal ${signal}` : `exit status ${code}`;
        reject(new Error(`curl failed with ${status}: ${stderr.trim() || '(no message)'}\ncommand: ${command}`));
      }
    });
  });
  return server.requests.slice(before);
}
