/**
 * Generators for the parser fuzz properties: raw text, curl commands built
 * from curl's option table in each shell's quoting, mutations of the corpus,
 * and requests for the "Copy as curl" round trip.
 */
import fc from 'fast-check';
import type { HeaderLine } from '../../src/core/http/request.ts';
import { CURL_OPTIONS, type CurlOptionSpec } from '../../src/core/curl/options.ts';
import type { Dialect } from '../../src/core/shell/types.ts';
import { ADVERSARIAL } from '../fixtures/adversarial.ts';
import { BAD_INPUTS, CORPUS } from '../fixtures/curl-corpus.ts';
import { canCarry, quoteWord, STYLES, type QuoteStyle } from './shells.ts';

// --- characters and text ------------------------------------------------------

/** Pieces of text that mean something to one of the shells, the tokenizers or curl. */
export const FRAGMENTS: readonly string[] = [
  "'",
  '"',
  '\\',
  '$',
  '`',
  '$(',
  '${',
  "$'",
  '$"',
  "'\\''",
  '<(',
  '^',
  '^"',
  '^\n',
  ' ^\n',
  '%',
  '%PATH%',
  '%20',
  '%C3%A9',
  '$env:X',
  '--%',
  '\\\n',
  ' \\\n  ',
  '`\n',
  ' `\n  ',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '\0',
  '#',
  ';',
  '&',
  '&&',
  '||',
  '|',
  '<',
  '>',
  '2>&1',
  '<<EOF\n',
  '(',
  ')',
  '{',
  '}',
  '[',
  ']',
  '[1-3]',
  '{a,b}',
  '*',
  '?',
  '~',
  '!',
  '@',
  '@-',
  '<#',
  '#>',
  "@'\n",
  "\n'@",
  '@"\n',
  '=',
  ':',
  ' ',
  '--',
  '-',
  '-H',
  '--data',
  '-:',
  'curl ',
  'PS C:\\> ',
  'C:\\> ',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\u200b',
  '\u202e',
  '\u2018',
  '\u2019',
  '\u201c',
  '\u201d',
  '\u201e',
  '\uE000',
  '\uE001',
  '\uE002',
  '\uE003',
  '\uE0020\uE003',
  'é',
  '日本',
  '😀',
  '\ud83d',
  '\ude00',
];

const printableAscii = fc.integer({ min: 0x20, max: 0x7e }).map((n) => String.fromCharCode(n));
const control = fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f)).map((n) => String.fromCharCode(n));
const nonAscii = fc
  .integer({ min: 0x80, max: 0x10ffff })
  .filter((n) => n < 0xd800 || n > 0xdfff)
  .map((n) => String.fromCodePoint(n));
/** Any UTF-16 code unit, lone surrogate halves included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const fragment = fc.constantFrom(...FRAGMENTS);

/** Text for the "anything" property: mostly shell-significant, with every kind of character. */
export function anyText(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: codeUnit, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    {
      weight: 4,
      arbitrary: fc.string({
        unit: fc.oneof({ weight: 4, arbitrary: printableAscii }, { weight: 3, arbitrary: fragment }, control, nonAscii),
        maxLength,
      }),
    },
  );
}

/** Argument text: printable, unicode, shell fragments and a few control characters. */
function valueText(maxLength: number): fc.Arbitrary<string> {
  return fc.string({
    unit: fc.oneof(
      { weight: 8, arbitrary: printableAscii },
      { weight: 2, arbitrary: fragment },
      { weight: 2, arbitrary: nonAscii },
      { weight: 1, arbitrary: control },
    ),
    maxLength,
  });
}

const TCHAR = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** An HTTP token (RFC 9110 tchar): header names and custom methods. */
export const token = (maxLength: number) => fc.string({ unit: fc.constantFrom(...TCHAR), minLength: 1, maxLength });

// --- URLs -------------------------------------------------------------------------

const unreserved = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~');
const subDelim = fc.constantFrom(...`!$&'()*+,;=:@`);
const percentEncoded = fc.integer({ min: 0, max: 255 }).map((n) => `%${n.toString(16).toUpperCase().padStart(2, '0')}`);
const lowerPercent = fc.integer({ min: 0, max: 255 }).map((n) => `%${n.toString(16).padStart(2, '0')}`);
const urlUnicode = fc.constantFrom('é', 'ü', '日本', '😀', 'ß', 'Ω', '\u00a0', 'ą');

function urlText(maxLength: number, extra: fc.Arbitrary<string>[] = []): fc.Arbitrary<string> {
  return fc.string({
    unit: fc.oneof(
      { weight: 8, arbitrary: unreserved },
      { weight: 2, arbitrary: subDelim },
      { weight: 2, arbitrary: percentEncoded },
      { weight: 1, arbitrary: lowerPercent },
      { weight: 1, arbitrary: urlUnicode },
      ...extra.map((arbitrary) => ({ weight: 1, arbitrary })),
    ),
    maxLength,
  });
}

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
const host = fc.oneof(
  { weight: 4, arbitrary: fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('localhost', '127.0.0.1', '[::1]', '[2001:db8::7]', 'xn--bcher-kva.example'),
  },
  { weight: 1, arbitrary: fc.tuple(label, urlUnicode).map(([a, u]) => `${a}${u}.example`) },
  { weight: 1, arbitrary: fc.mixedCase(fc.constantFrom('api.example.com', 'Example.ORG')) },
);

export interface UrlOptions {
  /** Allow `[`, `]`, `{` and `}` (curl's globbing characters). */
  glob?: boolean;
}

/** An absolute http(s) URL: host, optional port, path, query (with percent-encoding and unicode), fragment. */
export function httpUrl(options: UrlOptions = {}): fc.Arbitrary<string> {
  const extra = options.glob ? [fc.constantFrom('[', ']', '{', '}', '[]', '[0]', '{a,b}', '[1-3]')] : [];
  const segment = urlText(12, extra);
  const pair = fc.tuple(urlText(8, extra), fc.option(urlText(12, extra), { nil: undefined }));
  return fc
    .record({
      scheme: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('http', 'https') }, fc.constantFrom('HTTP', 'Https')),
      host,
      port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
      path: fc.array(segment, { maxLength: 5 }),
      slash: fc.boolean(),
      query: fc.option(fc.array(pair, { maxLength: 5 }), { nil: undefined }),
      fragment: fc.option(urlText(10), { nil: undefined }),
    })
    .map(({ scheme, host, port, path, slash, query, fragment }) => {
      let url = `${scheme}://${host}${port === undefined ? '' : `:${port}`}`;
      if (path.length > 0 || slash) url += `/${path.join('/')}`;
      if (query !== undefined) url += `?${query.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join('&')}`;
      if (fragment !== undefined) url += `#${fragment}`;
      return url;
    });
}

// --- curl commands from the option table ------------------------------------------------------------

const COMMON = new Set([
  'header',
  'data',
  'data-raw',
  'data-binary',
  'data-urlencode',
  'json',
  'form',
  'form-string',
  'request',
  'user',
  'url',
  'get',
  'head',
  'location',
  'insecure',
  'silent',
  'compressed',
  'cookie',
  'user-agent',
  'referer',
  'max-time',
  'upload-file',
  'url-query',
  'oauth2-bearer',
  'next',
  'output',
  'globoff',
]);
const commonSpecs = CURL_OPTIONS.filter((spec) => COMMON.has(spec.long));
const shortSpecs = CURL_OPTIONS.filter((spec) => spec.short !== undefined);
const shortFlags = shortSpecs.filter((spec) => !spec.arg);
const shortWithArg = shortSpecs.filter((spec) => spec.arg);

const fileName = fc.oneof(
  fc.constantFrom('body.json', 'note.txt', 'data.bin', '-', '.', 'dir/file name.txt', 'C:\\tmp\\a.txt'),
  valueText(12),
);
const headerArg = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(token(12), valueText(20)).map(([n, v]) => `${n}: ${v}`) },
  { weight: 1, arbitrary: token(12).map((n) => `${n};`) },
  { weight: 1, arbitrary: token(12).map((n) => `${n}:`) },
  { weight: 1, arbitrary: fileName.map((f) => `@${f}`) },
  { weight: 1, arbitrary: valueText(20) },
);
const dataArg = fc.oneof(
  { weight: 4, arbitrary: valueText(40) },
  { weight: 1, arbitrary: fileName.map((f) => `@${f}`) },
  { weight: 1, arbitrary: fc.constantFrom('@-', '', '{"a":1}', 'a=1&b=2', '[]') },
);
const urlencodeArg = fc.oneof(
  fc.tuple(valueText(8), valueText(20)).map(([n, v]) => `${n}=${v}`),
  valueText(20).map((v) => `=${v}`),
  fc.tuple(valueText(8), fileName).map(([n, f]) => `${n}@${f}`),
  valueText(20).map((v) => `+${v}`),
  valueText(20),
);
const formParam = fc.oneof(
  valueText(10).map((t) => `;type=${t}`),
  valueText(10).map((t) => `;filename=${t}`),
  valueText(10).map((t) => `;filename="${t}"`),
  valueText(14).map((t) => `;headers="${t}"`),
  valueText(10).map((t) => `;${t}`),
);
const formArg = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(valueText(8), fc.constantFrom('', '@', '<'), valueText(20), fc.array(formParam, { maxLength: 3 }))
      .map(([n, kind, v, params]) => `${n}=${kind}${v}${params.join('')}`),
  },
  { weight: 1, arbitrary: valueText(20) },
  { weight: 1, arbitrary: valueText(12).map((v) => `a="${v}"`) },
);
const methodArb = fc.oneof(
  fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'get', 'PROPFIND'),
  token(10),
);
const numberArg = fc.oneof(
  fc.nat({ max: 100_000 }).map(String),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map(String),
  fc.constantFrom('-1', 'soon', '1e309', '0x10', '', ' 5', 'Infinity', 'NaN'),
  valueText(6),
);
const genericArg = fc.oneof({ weight: 3, arbitrary: valueText(24) }, httpUrl(), fileName, numberArg);

function argFor(spec: CurlOptionSpec): fc.Arbitrary<string> {
  switch (spec.alias ?? spec.long) {
    case 'header':
    case 'proxy-header':
      return headerArg;
    case 'url':
    case 'referer':
    case 'proxy':
    case 'doh-url':
      return fc.oneof({ weight: 3, arbitrary: httpUrl({ glob: true }) }, valueText(20));
    case 'data':
    case 'data-binary':
    case 'data-raw':
    case 'json':
      return dataArg;
    case 'data-urlencode':
    case 'url-query':
      return urlencodeArg;
    case 'form':
    case 'form-string':
      return formArg;
    case 'user':
    case 'proxy-user':
    case 'oauth2-bearer':
      return fc.oneof(
        fc.tuple(valueText(8), valueText(8)).map(([u, p]) => `${u}:${p}`),
        valueText(12),
      );
    case 'request':
      return methodArb;
    case 'cookie':
      return fc.oneof(
        fc.tuple(token(6), valueText(10)).map(([n, v]) => `${n}=${v}`),
        fileName,
      );
    case 'upload-file':
    case 'output':
      return fileName;
    case 'max-time':
    case 'connect-timeout':
    case 'max-redirs':
      return numberArg;
    default:
      return genericArg;
  }
}

/** The spellings curl accepts for a long option (and a few it does not, for the error paths). */
function longSpelling(spec: CurlOptionSpec): fc.Arbitrary<string> {
  const spellings: fc.Arbitrary<string>[] = [fc.constant(`--${spec.long}`)];
  if (spec.negatable) spellings.push(fc.constant(`--no-${spec.long}`));
  if (spec.arg) spellings.push(fc.constant(`--expand-${spec.long}`));
  if (spec.long.length > 3) {
    spellings.push(fc.integer({ min: 3, max: spec.long.length - 1 }).map((n) => `--${spec.long.slice(0, n)}`));
  }
  spellings.push(fc.constant(`--${spec.long.toUpperCase()}`));
  return fc.oneof({ weight: 6, arbitrary: spellings[0]! }, ...spellings.slice(1));
}

/** The words of one option: `--long value`, `-H value`, `-Hvalue`, `-sSL`, `-sXPOST`, ... */
function optionWords(): fc.Arbitrary<string[]> {
  const spec = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...commonSpecs) }, fc.constantFrom(...CURL_OPTIONS));
  const long = spec.chain((s): fc.Arbitrary<string[]> =>
    s.arg
      ? fc.tuple(longSpelling(s), argFor(s)).map(([name, arg]) => [name, arg])
      : longSpelling(s).map((name) => [name]),
  );
  const short = fc
    .constantFrom(...shortSpecs)
    .chain((s): fc.Arbitrary<string[]> =>
      s.arg
        ? fc
            .tuple(argFor(s), fc.boolean())
            .map(([arg, attached]) => (attached ? [`-${s.short}${arg}`] : [`-${s.short}`, arg]))
        : fc.constant([`-${s.short}`]),
    );
  const bundle = fc
    .tuple(
      fc.array(fc.constantFrom(...shortFlags), { minLength: 1, maxLength: 4 }),
      fc.option(
        fc.constantFrom(...shortWithArg).chain((s) => argFor(s).map((arg) => [s, arg] as const)),
        { nil: undefined },
      ),
      fc.boolean(),
    )
    .map(([flags, last, attached]): string[] => {
      const head = `-${flags.map((s) => s.short).join('')}`;
      if (!last) return [head];
      return attached ? [`${head}${last[0].short}${last[1]}`] : [`${head}${last[0].short}`, last[1]];
    });
  const broken = fc.oneof<fc.Arbitrary<string[]>[]>(
    fc.constantFrom(...CURL_OPTIONS).chain((s) => argFor(s).map((arg) => [`--${s.long}=${arg}`])),
    valueText(12).map((name) => [`--${name}`]),
    fc.constantFrom(['-'], ['--'], ['-:'], ['--next'], ['-Z9'], ['--data-rwa', 'x']),
  );
  return fc.oneof(
    { weight: 6, arbitrary: long },
    { weight: 3, arbitrary: short },
    { weight: 2, arbitrary: bundle },
    { weight: 3, arbitrary: httpUrl({ glob: true }).map((url) => [url]) },
    { weight: 1, arbitrary: broken },
  );
}

/** A generated command: its text and the argument values the first command must tokenize to (from `curl` on). */
export interface GrammarCommand {
  dialect: Dialect;
  text: string;
  words: string[];
}

const SEPARATORS: Record<Dialect, readonly string[]> = {
  bash: [' ', ' ', ' ', '  ', '\t', ' \\\n  ', ' \\\r\n  ', '\t\\\n'],
  cmd: [' ', ' ', ' ', '  ', '\t', ' ^\n  ', ' ^\r\n  '],
  powershell: [' ', ' ', ' ', '  ', '\t', ' `\n  ', ' `\r\n  '],
};
const CURL_NAMES: Record<Dialect, readonly string[]> = {
  bash: ['curl', 'curl', 'curl', '/usr/bin/curl'],
  cmd: ['curl', 'curl', 'curl.exe', 'C:\\Windows\\System32\\curl.exe'],
  powershell: ['curl.exe', 'curl.exe', 'curl'],
};
/** Text before the command that is not one of its arguments (prompts, assignments). */
const PREFIXES: Record<Dialect, readonly string[]> = {
  bash: ['', '', '', '$ ', 'FOO=bar ', 'sudo ', 'LANG=C FOO=1 '],
  cmd: ['', '', '', '@', 'C:\\Users\\me>'],
  powershell: ['', '', '', 'PS C:\\> ', '& ', 'PS> '],
};
/** Text after the command that ends it: pipes, redirections, a second command, a comment. */
const SUFFIXES: Record<Dialect, readonly string[]> = {
  bash: [
    '',
    '',
    '',
    ' | jq .',
    ' > out.json',
    ' 2>&1',
    ' && curl https://b.example/',
    '; echo done',
    ' # a comment',
    " < <(printf 'x')",
    '\ncurl -X DELETE https://c.example/',
    ' <<EOF\nbody\nEOF',
  ],
  cmd: ['', '', '', ' > out.json', ' 2>nul', ' | findstr x', ' & echo done', '\ncurl https://c.example/'],
  powershell: ['', '', '', ' | ConvertFrom-Json', ' > out.json', ' 2>&1', '; echo done', ' # a comment'],
};

/** A curl command in `dialect`: options from curl's table with fitting arguments, each word quoted its own way. */
export function grammarCommand(dialect: Dialect): fc.Arbitrary<GrammarCommand> {
  const styles = fc.array(fc.constantFrom(...(STYLES[dialect] as QuoteStyle[])), { minLength: 1, maxLength: 3 });
  return fc
    .record({
      prefix: fc.constantFrom(...PREFIXES[dialect]),
      name: fc.constantFrom(...CURL_NAMES[dialect]),
      options: fc.array(optionWords(), { maxLength: 10 }),
      // Most commands get a URL somewhere, so that most parses go past "no URL" into the request model.
      url: fc.option(fc.tuple(httpUrl({ glob: true }), fc.nat()), { freq: 5, nil: undefined }),
      suffix: fc.constantFrom(...SUFFIXES[dialect]),
    })
    .chain(({ prefix, name, options, url, suffix }) => {
      if (url) options.splice(url[1] % (options.length + 1), 0, [url[0]]);
      const args = options.flat().filter((value) => canCarry(dialect, value));
      return fc
        .tuple(
          fc.tuple(...args.map(() => styles)),
          fc.tuple(...args.map(() => fc.constantFrom(...SEPARATORS[dialect]))),
        )
        .map(([argStyles, separators]) => {
          let text = `${prefix}${name}`;
          args.forEach((value, i) => {
            text += separators[i]! + quoteWord(dialect, value, argStyles[i]!);
          });
          return { dialect, text: text + suffix, words: [name, ...args] };
        });
    });
}

// --- mutations of known commands ----------------------------------------------------------------------

/** Every command the fixtures hold, good and bad: the seeds the mutations start from. */
export const SEED_COMMANDS: readonly string[] = [
  ...CORPUS.map((c) => c.cmd),
  ...BAD_INPUTS.map((c) => c.cmd),
  ...ADVERSARIAL.map((c) => c.cmd),
];

type Mutation =
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'duplicate'; at: number; length: number }
  | { kind: 'swap'; at: number; other: number }
  | { kind: 'cut'; at: number }
  | { kind: 'token-delete'; at: number }
  | { kind: 'token-duplicate'; at: number }
  | { kind: 'token-swap'; at: number; other: number }
  | { kind: 'token-insert'; at: number; words: string[] };

const position = fc.nat({ max: 1_000_000 });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete'), at: position, length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({
    kind: fc.constant('insert'),
    at: position,
    text: fc.oneof({ weight: 3, arbitrary: fragment }, anyText(6)),
  }),
  fc.record({ kind: fc.constant('duplicate'), at: position, length: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant('swap'), at: position, other: position }),
  fc.record({ kind: fc.constant('cut'), at: position }),
  fc.record({ kind: fc.constant('token-delete'), at: position }),
  fc.record({ kind: fc.constant('token-duplicate'), at: position }),
  fc.record({ kind: fc.constant('token-swap'), at: position, other: position }),
  fc.record({ kind: fc.constant('token-insert'), at: position, words: optionWords() }),
) as fc.Arbitrary<Mutation>;

/** Applies one mutation; positions are taken modulo the text's length. */
export function mutate(text: string, m: Mutation): string {
  const at = (n: number, length = text.length) => (length === 0 ? 0 : n % (length + 1));
  switch (m.kind) {
    case 'delete': {
      const i = at(m.at);
      return text.slice(0, i) + text.slice(i + m.length);
    }
    case 'insert': {
      const i = at(m.at);
      return text.slice(0, i) + m.text + text.slice(i);
    }
    case 'duplicate': {
      const i = at(m.at);
      return text.slice(0, i + m.length) + text.slice(i);
    }
    case 'swap': {
      if (text.length < 2) return text;
      const i = m.at % text.length;
      const j = m.other % text.length;
      const chars = text.split('');
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
      return chars.join('');
    }
    case 'cut':
      return text.slice(0, at(m.at));
  }
  // Token mutations work on blank-separated pieces, keeping the separators.
  const pieces = text.split(/(\s+)/);
  const tokens = pieces.filter((_, k) => k % 2 === 0);
  const gaps = pieces.filter((_, k) => k % 2 === 1);
  const i = m.at % tokens.length;
  switch (m.kind) {
    case 'token-delete':
      tokens.splice(i, 1);
      break;
    case 'token-duplicate':
      tokens.splice(i, 0, tokens[i]!);
      break;
    case 'token-swap': {
      const j = m.other % tokens.length;
      [tokens[i], tokens[j]] = [tokens[j]!, tokens[i]!];
      break;
    }
    case 'token-insert':
      tokens.splice(i, 0, m.words.join(' '));
      break;
  }
  return tokens.map((t, k) => t + (k < tokens.length - 1 ? (gaps[k] ?? ' ') : '')).join('');
}

/** A fixture command with one to six mutations applied. */
export const mutatedCommand: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...SEED_COMMANDS), fc.array(mutation, { minLength: 1, maxLength: 6 }))
  .map(([seed, mutations]) => mutations.reduce(mutate, seed));

// --- large and repetitive inputs -------------------------------------------------------------------------

/** Constructs whose cost could grow faster than their length if a scanner backtracked or rescanned. */
const REPEATABLE: readonly string[] = [
  ...FRAGMENTS,
  '-H ',
  "-H 'X: 1' ",
  '-d a=1 ',
  // Every URL is a request with all the options of its part of the command: n URLs after n options
  // must not cost n² (they did, until the requests shared what their options make).
  "-H 'X;' a ",
  '-d a=1 a ',
  '-b a=1 a ',
  '-u a:b a ',
  '--json 1 a ',
  '-G -d a=1 a ',
  '--url-query a=1 a ',
  '--url-query @f a ',
  '-X HEAD -d a a ',
  '"$(',
  '$(echo ',
  '${a:-',
  '`',
  "'a'",
  '"a"',
  "$'\\x41'",
  '\\',
  '\\\\',
  '^^',
  '%A%',
  '%',
  '``',
  "''",
  '""',
  '"""',
  '{{',
  '[[',
  '--data-rwa ',
  '--verb',
  '-sSLk',
  'a=b&',
  '\n',
  ' \\\n',
  ' ^\n',
  ' `\n',
  '; ',
  '| ',
  '&& ',
  '#',
  '<#',
  "@'\n",
  '(',
  ')',
];

/** The parts of a large input: a prefix, one short construct to repeat `count` times, and a tail. */
export interface LargeInput {
  head: string;
  unit: string;
  count: number;
  tail: string;
}

export function largeInputParts(maxRepeat: number): fc.Arbitrary<LargeInput> {
  return fc.record({
    head: fc.constantFrom('', 'curl ', 'curl https://a.example/ ', 'curl -H "', "curl -d '", 'curl.exe ', 'curl ^"'),
    unit: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...REPEATABLE) },
      anyText(8).filter((t) => t !== ''),
    ),
    count: fc.integer({ min: 100, max: maxRepeat }),
    tail: fc.oneof(fc.constantFrom('', ' https://a.example/', "'", '"', ')', '\n'), anyText(10)),
  });
}

/** The text of a large input, with its construct repeated `count` times. */
export function largeText({ head, unit, tail }: LargeInput, count: number): string {
  return head + unit.repeat(count) + tail;
}

/** A large input: a prefix, then one short construct repeated hundreds or thousands of times, then a tail. */
export function largeInput(maxRepeat: number): fc.Arbitrary<string> {
  return largeInputParts(maxRepeat).map((parts) => largeText(parts, parts.count));
}

// --- requests for the "Copy as curl" round trip --------------------------------------------------------------

export interface RoundTripRequest {
  method: string;
  url: string;
  headers: HeaderLine[];
  body?: string | Uint8Array;
}

const COMMON_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT'];
const COMMON_HEADERS = [
  'Accept',
  'Content-Type',
  'content-type',
  'Authorization',
  'Cookie',
  'User-Agent',
  'Referer',
  'Accept-Encoding',
  'Content-Length',
  'X-Request-ID',
  'If-None-Match',
];

/**
 * A header value as the REST client may hold one: printable ASCII, unicode,
 * tabs and shell-significant text, never CR or LF. curl skips blanks after the
 * colon and treats a blank-only value as "remove this header", by design; so
 * the value starts with a non-blank character (or is empty, which to-curl
 * writes as `Name;`).
 */
const headerValue = fc
  .string({
    unit: fc.oneof(
      { weight: 8, arbitrary: printableAscii },
      { weight: 2, arbitrary: nonAscii },
      { weight: 2, arbitrary: fragment.filter((f) => !/[\r\n\0]/.test(f)) },
      { weight: 1, arbitrary: fc.constant('\t') },
    ),
    maxLength: 30,
  })
  .map((value) => value.replace(/^[ \t]+/, ''));

/**
 * Header names: random tokens and common names in any case, but never Host:
 * curl sends a user's Host header in place of its own, first, so the order
 * would change by design.
 */
const headerName = fc
  .oneof(token(16), fc.mixedCase(fc.constantFrom(...COMMON_HEADERS)))
  .filter((name) => name.toLowerCase() !== 'host');

const bodyArb: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  { weight: 3, arbitrary: anyText(60) },
  { weight: 2, arbitrary: valueText(60) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map((t) => new TextEncoder().encode(t)) },
);

/**
 * A request for `toCurlCommand`. URLs carry no user:password (curl would
 * send those as an Authorization header, by design), and may hold glob
 * characters only when `glob` is set.
 */
export function roundTripRequest(options: UrlOptions = {}): fc.Arbitrary<RoundTripRequest> {
  return fc.record(
    {
      method: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...COMMON_METHODS) },
        { weight: 1, arbitrary: fc.constantFrom('get', 'post', 'Patch') },
        { weight: 2, arbitrary: token(12) },
      ),
      url: httpUrl(options),
      headers: fc.array(fc.record({ name: headerName, value: headerValue }), { maxLength: 20 }),
      body: bodyArb,
    },
    { requiredKeys: ['method', 'url', 'headers'] },
  );
}
