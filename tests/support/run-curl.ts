import { spawn } from 'node:child_process';
import type { RecordedRequest } from '../../scripts/lib/demo-server.ts';

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

// Options of curl 7.88 that take an argument (`curl --help all`), plus a few later ones.
const LONG_WITH_ARGUMENT = new Set(
  (
    'abstract-unix-socket alt-svc aws-sigv4 cacert capath cert cert-type ciphers config connect-timeout connect-to ' +
    'continue-at cookie cookie-jar create-file-mode crlfile curves data data-ascii data-binary data-raw ' +
    'data-urlencode delegation dns-interface dns-ipv4-addr dns-ipv6-addr dns-servers doh-url dump-header egd-file ' +
    'engine etag-compare etag-save expect100-timeout form form-string ftp-account ftp-alternative-to-user ' +
    'ftp-method ftp-port ftp-ssl-ccc-mode happy-eyeballs-timeout-ms header hostpubmd5 hostpubsha256 hsts ' +
    'interface json keepalive-time key key-type krb libcurl limit-rate local-port login-options mail-auth mail-from ' +
    'mail-rcpt max-filesize max-redirs max-time netrc-file noproxy oauth2-bearer output output-dir parallel-max ' +
    'pass pinnedpubkey preproxy proto proto-default proto-redir proxy proxy-cacert proxy-capath proxy-cert ' +
    'proxy-cert-type proxy-ciphers proxy-crlfile proxy-header proxy-key proxy-key-type proxy-pass ' +
    'proxy-pinnedpubkey proxy-service-name proxy-tls13-ciphers proxy-tlsauthtype proxy-tlspassword proxy-tlsuser ' +
    'proxy-user pubkey quote random-file range rate referer request request-target resolve retry retry-delay ' +
    'retry-max-time sasl-authzid service-name socks4 socks4a socks5 socks5-gssapi-service socks5-hostname ' +
    'speed-limit speed-time stderr telnet-option tftp-blksize time-cond tls-max tls13-ciphers tlsauthtype ' +
    'tlspassword tlsuser trace trace-ascii unix-socket upload-file url url-query user user-agent write-out ' +
    'variable haproxy-clientip ip-tos vlan-priority ech'
  ).split(' '),
);
const SHORT_WITH_ARGUMENT = new Set('EKCbcdDFPHmoxUQreXYytzTuAw');
/** Words that run the next word as the command. */
const COMMAND_PREFIXES = new Set(['env', 'command', 'exec', 'time', 'nohup']);

type Quoting = 'none' | 'single' | 'double' | 'ansi';

interface Word {
  kind: 'word';
  /** The word after quote removal (expansions kept as written). */
  value: string;
  start: number;
  end: number;
  /** For each character of `value`: where it came from in the source, and inside which quoting. */
  sources: number[];
  quoting: Quoting[];
}

interface Operator {
  kind: 'op';
  op: string;
  start: number;
  end: number;
}

type Token = Word | Operator;

const ANSI_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Splits a bash command into words and operators, remembering where every character came from. */
function lexShell(source: string): Token[] {
  const tokens: Token[] = [];
  let word: Word | null = null;
  let i = 0;
  const begin = (): Word => (word ??= { kind: 'word', value: '', start: i, end: i, sources: [], quoting: [] });
  const add = (w: Word, text: string, from: number, quoting: Quoting) => {
    for (const ch of text) {
      w.value += ch;
      w.sources.push(from);
      w.quoting.push(quoting);
    }
  };
  const finish = (end: number) => {
    if (word) {
      word.end = end;
      tokens.push(word);
      word = null;
    }
  };
  /** The end of `$(...)`, `${...}` or a backtick expansion starting at `at`. */
  const expansionEnd = (at: number): number => {
    if (source[at] === '`') {
      const close = source.indexOf('`', at + 1);
      return close < 0 ? source.length : close + 1;
    }
    const open = source[at + 1]!;
    const close = open === '(' ? ')' : '}';
    let depth = 0;
    for (let j = at + 1; j < source.length; j++) {
      if (source[j] === open) depth++;
      else if (source[j] === close && --depth === 0) return j + 1;
    }
    return source.length;
  };
  while (i < source.length) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      finish(i);
      i++;
    } else if (c === '\\') {
      if (source[i + 1] === '\n') i += 2;
      else if (source[i + 1] === '\r' && source[i + 2] === '\n') i += 3;
      else {
        const w = begin();
        if (i + 1 < source.length) add(w, source[i + 1]!, i, 'none');
        i += 2;
      }
    } else if (c === '\n') {
      finish(i);
      tokens.push({ kind: 'op', op: ';', start: i, end: i + 1 });
      i++;
    } else if (c === "'") {
      const w = begin();
      const close = source.indexOf("'", i + 1);
      if (close < 0) throw new Error(`Unclosed single quote at character ${i} of the command.`);
      for (let j = i + 1; j < close; j++) add(w, source[j]!, j, 'single');
      i = close + 1;
    } else if (c === '$' && source[i + 1] === "'") {
      const w = begin();
      let j = i + 2;
      for (;;) {
        if (j >= source.length) throw new Error(`Unclosed $'...' quote at character ${i} of the command.`);
        const d = source[j]!;
        if (d === "'") break;
        if (d !== '\\') {
          add(w, d, j, 'ansi');
          j++;
          continue;
        }
        const e = source[j + 1] ?? '';
        const hex = /^x([0-9a-fA-F]{1,2})/.exec(source.slice(j + 1, j + 4));
        const octal = /^[0-7]{1,3}/.exec(source.slice(j + 1, j + 4));
        const unicode = /^(u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8})/.exec(source.slice(j + 1, j + 10));
        if (e in ANSI_ESCAPES) {
          add(w, ANSI_ESCAPES[e]!, j, 'ansi');
          j += 2;
        } else if (hex) {
          add(w, String.fromCharCode(parseInt(hex[1]!, 16)), j, 'ansi');
          j += 1 + hex[0].length;
        } else if (octal) {
          add(w, String.fromCharCode(parseInt(octal[0], 8) & 0xff), j, 'ansi');
          j += 1 + octal[0].length;
        } else if (unicode) {
          add(w, String.fromCodePoint(parseInt(unicode[0].slice(1), 16)), j, 'ansi');
          j += 1 + unicode[0].length;
        } else if (e === 'c' && j + 2 < source.length) {
          add(w, String.fromCharCode(source.charCodeAt(j + 2) & 0x1f), j, 'ansi');
          j += 3;
        } else {
          add(w, `\\${e}`, j, 'ansi');
          j += 2;
        }
      }
      i = j + 1;
    } else if (c === '"' || (c === '$' && source[i + 1] === '"')) {
      const w = begin();
      let j = c === '$' ? i + 2 : i + 1;
      for (;;) {
        if (j >= source.length) throw new Error(`Unclosed double quote at character ${i} of the command.`);
        const d = source[j]!;
        if (d === '"') break;
        if (d === '\\' && '$`"\\\n'.includes(source[j + 1] ?? '')) {
          if (source[j + 1] !== '\n') add(w, source[j + 1]!, j, 'double');
          j += 2;
        } else if ((d === '$' && (source[j + 1] === '(' || source[j + 1] === '{')) || d === '`') {
          const end = expansionEnd(j);
          for (let k = j; k < end; k++) add(w, source[k]!, k, 'double');
          j = end;
        } else {
          add(w, d, j, 'double');
          j++;
        }
      }
      i = j + 1;
    } else if ((c === '$' && (source[i + 1] === '(' || source[i + 1] === '{')) || c === '`') {
      const w = begin();
      const end = expansionEnd(i);
      for (let k = i; k < end; k++) add(w, source[k]!, k, 'none');
      i = end;
    } else if (c === '#' && !word) {
      const newline = source.indexOf('\n', i);
      i = newline < 0 ? source.length : newline;
    } else if (c === '<' || c === '>' || (c === '&' && source[i + 1] === '>')) {
      // A redirection; digits just before it (`2>`) belong to it, and the next word is its target.
      const current = word as Word | null;
      if (current && /^\d+$/.test(current.value) && current.quoting.every((q) => q === 'none')) word = null;
      else finish(i);
      let j = i + 1;
      while (j < source.length && '<>&|'.includes(source[j]!)) j++;
      tokens.push({ kind: 'op', op: 'redirect', start: i, end: j });
      i = j;
    } else if (';&|()'.includes(c)) {
      finish(i);
      let j = i + 1;
      while (j < source.length && source[j] === c) j++;
      tokens.push({ kind: 'op', op: source.slice(i, j), start: i, end: j });
      i = j;
    } else {
      add(begin(), c, i, 'none');
      i++;
    }
  }
  finish(source.length);
  return tokens;
}

interface CurlInvocation {
  /** The `curl` word itself. */
  command: Word;
  /** The URL words: positional arguments and `--url` values. */
  urls: Word[];
}

/** Finds every curl invocation in a command line, and which of its words are URLs. */
function findCurlInvocations(command: string): CurlInvocation[] {
  const found: CurlInvocation[] = [];
  let expectCommand = true;
  let current: CurlInvocation | null = null;
  let pending: 'redirect' | 'argument' | 'url' | null = null;
  for (const token of lexShell(command)) {
    if (token.kind === 'op') {
      if (token.op === 'redirect') pending = 'redirect';
      else {
        expectCommand = true;
        current = null;
        pending = null;
      }
      continue;
    }
    if (pending === 'redirect') {
      pending = null;
      continue;
    }
    if (expectCommand) {
      if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(token.value) || COMMAND_PREFIXES.has(token.value)) continue;
      expectCommand = false;
      if (token.value.split('/').pop() === 'curl') {
        current = { command: token, urls: [] };
        found.push(current);
      }
      continue;
    }
    if (!current) continue;
    if (pending) {
      if (pending === 'url') current.urls.push(token);
      pending = null;
      continue;
    }
    const value = token.value;
    if (value.startsWith('--') && value.length > 2) {
      const name = value.slice(2).replace(/^expand-/, '');
      if (LONG_WITH_ARGUMENT.has(name)) pending = name === 'url' ? 'url' : 'argument';
    } else if (value.startsWith('-') && value.length > 1) {
      for (let j = 1; j < value.length; j++) {
        if (SHORT_WITH_ARGUMENT.has(value[j]!)) {
          if (j === value.length - 1) pending = 'argument';
          break;
        }
      }
    } else {
      current.urls.push(token);
    }
  }
  return found;
}

/** The URLs a command's curl invocations would fetch, after shell quote removal. */
export function curlUrls(command: string): string[] {
  return findCurlInvocations(command).flatMap((invocation) => invocation.urls.map((url) => url.value));
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** Where a URL's authority (`user@host:port`) ends and whether it is http(s) or has no scheme; null for other schemes. */
function authorityOf(url: string): { start: number; end: number } | null {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url);
  if (scheme && !/^https?$/i.test(scheme[1]!)) return null;
  const start = scheme ? scheme[0].length : 0;
  const rest = url.slice(start).search(/[/?#]/);
  return { start, end: rest < 0 ? url.length : start + rest };
}

/**
 * Points every http(s) URL curl would fetch (positional URLs and `--url`) at
 * `origin`, keeping any `user:password@`, and the path and query exactly as
 * written (escapes and quoting included). A URL without a scheme counts as
 * http, as curl reads it. URLs inside option values (`-e`, `-d`...) are left
 * alone.
 */
export function pointAt(command: string, origin: string): string {
  const base = new URL(origin);
  const urls = findCurlInvocations(command).flatMap((invocation) => invocation.urls);
  if (urls.length === 0) throw new Error(`No curl URL found in the command: ${command}`);
  let out = command;
  for (const url of [...urls].sort((a, b) => b.start - a.start)) {
    const authority = authorityOf(url.value);
    if (!authority) continue;
    const hostPart = url.value.slice(authority.start, authority.end);
    const userinfo = hostPart.includes('@') ? hostPart.slice(0, hostPart.lastIndexOf('@') + 1) : '';
    let replacement = shellQuote(`${base.protocol}//${userinfo}${base.host}`);
    if (authority.end < url.value.length) {
      // The rest of the word stays as written; reopen the quoting it was in.
      const quoting = url.quoting[authority.end]!;
      const reopen = { none: '', single: "'", double: '"', ansi: "$'" }[quoting];
      replacement += reopen + command.slice(url.sources[authority.end]!, url.end);
    }
    out = out.slice(0, url.start) + replacement + out.slice(url.end);
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

function pointsAt(url: string, origin: string): boolean {
  const authority = authorityOf(url);
  if (!authority || authority.start === 0) return false;
  const hostPart = url.slice(authority.start, authority.end);
  const host = hostPart.slice(hostPart.lastIndexOf('@') + 1);
  return `${url.slice(0, authority.start)}${host}`.toLowerCase() === origin.toLowerCase();
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

  const invocations = findCurlInvocations(command);
  if (invocations.length === 0) throw new Error(`The command does not run curl: ${command}`);
  const origin = new URL(server.origin).origin;
  for (const url of invocations.flatMap((invocation) => invocation.urls)) {
    if (!pointsAt(url.value, origin)) {
      throw new Error(`The URL ${JSON.stringify(url.value)} does not point at ${origin}: use pointAt() first.`);
    }
  }
  // `-q` (must come first) skips any .curlrc; `-s -S` hides the progress meter but keeps error messages.
  let script = command;
  for (const { command: word } of [...invocations].reverse()) {
    script = `${script.slice(0, word.end)} -q -s -S${script.slice(word.end)}`;
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
