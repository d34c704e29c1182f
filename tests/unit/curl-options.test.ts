import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  CURL_OPTIONS,
  findLongOption,
  findShortOption,
  lookupLong,
  manualUrl,
  suggestOption,
  type CurlOptionSpec,
} from '../../src/core/curl/options.ts';

/** Runs the curl on PATH; undefined when there is none. */
function runCurl(args: readonly string[]): { stdout: string; stderr: string } | undefined {
  const result = spawnSync('curl', args, { encoding: 'utf8', timeout: 10_000, maxBuffer: 16 * 1024 * 1024 });
  if (result.error) return undefined;
  return { stdout: result.stdout, stderr: result.stderr };
}

const curlVersion = runCurl(['--version'])?.stdout ?? '';
const hasCurl = curlVersion.startsWith('curl ');
/** The behaviour checks below pin down how curl 7.88 parses; other releases differ on purpose. */
const isCurl788 = /^curl 7\.88\./.test(curlVersion);

interface HelpOption {
  long: string;
  short?: string;
  arg: boolean;
}

/** Options as `curl --help all` lists them: ` -d, --data <data>  HTTP POST data`. */
function curlHelpOptions(): HelpOption[] {
  const lines = runCurl(['--help', 'all'])?.stdout.split('\n') ?? [];
  const options: HelpOption[] = [];
  for (const line of lines) {
    const match = /^\s*(?:-(\S), )?--([a-z0-9][a-z0-9.-]*)(.*)$/.exec(line);
    if (!match) continue;
    const [, short, long = '', rest = ''] = match;
    // An argument follows the name: "<file>", or "[protocol://]host[:port]" for --proxy and --preproxy.
    options.push({ long, short, arg: /^ [<[]/.test(rest) });
  }
  return options;
}

/** Whether curl accepts an option: it then complains about the missing URL instead. ~/.curlrc is skipped (-q). */
function curlAccepts(option: string): boolean {
  const stderr = runCurl(['-q', option])?.stderr ?? '';
  return !/is unknown|is ambiguous|isn't a boolean/.test(stderr);
}

/** Legacy spellings in the table that curl 7.88 rejects outright. */
const UNKNOWN_TO_CURL_7_88 = [
  '3p-quote',
  '3p-url',
  '3p-user',
  'environment',
  'ftp-ascii',
  'ftpport',
  'http-request',
  'http2.0',
  'port',
  'socks',
  'telnet-options',
  'wdebug',
];

const knownTo788 = CURL_OPTIONS.filter((spec) => !spec.added && !UNKNOWN_TO_CURL_7_88.includes(spec.long));

/** The name curl uses inside: options documented as --no-<name> are called <name>. */
const internalName = (spec: CurlOptionSpec) => (spec.long.startsWith('no-') ? spec.long.slice(3) : spec.long);

const canonical = (spec: CurlOptionSpec | undefined) => spec && (spec.alias ?? spec.long);

describe('the curl option table against the curl binary', () => {
  it.skipIf(!hasCurl)('has every option `curl --help all` lists, with the same argument and short form', () => {
    const listed = curlHelpOptions();
    expect(listed.length).toBeGreaterThan(200);
    for (const option of listed) {
      const spec = findLongOption(option.long);
      expect(spec, `--${option.long}`).toBeDefined();
      expect(spec?.arg, `--${option.long} takes an argument`).toBe(option.arg);
      if (option.short !== undefined) {
        // curl 8.10+ lists -i as --show-headers, the new name of --include.
        expect(canonical(findShortOption(option.short)), `-${option.short}`).toBe(canonical(spec));
      }
    }
    expect(CURL_OPTIONS.length).toBeGreaterThanOrEqual(listed.length);
    const listedShorts = listed.flatMap((option) => (option.short === undefined ? [] : [option.short]));
    expect(CURL_OPTIONS.filter((spec) => spec.short !== undefined).length).toBeGreaterThanOrEqual(listedShorts.length);
  });

  it.skipIf(!isCurl788)(
    'agrees with curl 7.88 on which long names exist',
    () => {
      for (const spec of CURL_OPTIONS) {
        const expected = knownTo788.includes(spec);
        expect(curlAccepts(`--${spec.long}`), `--${spec.long}`).toBe(expected);
        if (spec.long.startsWith('no-')) expect(curlAccepts(`--${internalName(spec)}`), internalName(spec)).toBe(true);
      }
    },
    60_000,
  );

  it.skipIf(!isCurl788)(
    'agrees with curl 7.88 on which options take --no-',
    () => {
      for (const spec of knownTo788) {
        const option = `--no-${spec.long}`;
        // curl 7.88 parses --help as a boolean whose category is optional; newer curl makes it a string option.
        const expected = spec.long === 'help' ? true : lookupLong(option) !== undefined;
        expect(curlAccepts(option), option).toBe(expected);
      }
    },
    60_000,
  );

  it.skipIf(!isCurl788)(
    'accepts the same abbreviations as curl 7.88',
    () => {
      const prefixes = new Set<string>();
      for (const spec of knownTo788) {
        const name = internalName(spec);
        for (let length = 2; length <= 4 && length < name.length; length++) prefixes.add(name.slice(0, length));
      }
      expect(prefixes.size).toBeGreaterThan(100);
      for (const prefix of prefixes) {
        expect(lookupLong(prefix) !== undefined, `--${prefix}`).toBe(curlAccepts(`--${prefix}`));
      }
    },
    60_000,
  );
});

describe('option lookups', () => {
  it('maps short options to their long names', () => {
    expect(findShortOption('d')?.long).toBe('data');
    expect(findShortOption('X')?.long).toBe('request');
    expect(findShortOption(':')?.long).toBe('next');
    expect(findShortOption('#')?.long).toBe('progress-bar');
    expect(findShortOption('0')?.long).toBe('http1.0');
    expect(findShortOption('N')?.long).toBe('no-buffer');
    expect(findShortOption('-H')?.long).toBe('header');
    expect(findShortOption('W')).toBeUndefined();
    expect(findShortOption('dd')).toBeUndefined();
  });

  it('knows every single-letter option curl has', () => {
    const letters = '012346aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwxXyYzZ#:'.split('');
    expect(letters.filter((letter) => findShortOption(letter) === undefined)).toEqual([]);
    expect(CURL_OPTIONS.filter((spec) => spec.short !== undefined)).toHaveLength(letters.length);
  });

  it('finds long options exactly, with their flags', () => {
    expect(findLongOption('data-raw')).toEqual({ long: 'data-raw', arg: true });
    expect(findLongOption('--location')).toEqual({ long: 'location', short: 'L', arg: false, negatable: true });
    expect(findLongOption('no-location')).toBeUndefined();
    expect(findLongOption('verb')).toBeUndefined();
  });

  it('reads --no- the way curl does', () => {
    expect(lookupLong('--no-location')).toMatchObject({ spec: { long: 'location' }, negated: true, inexact: false });
    expect(lookupLong('no-data')).toBeUndefined();
    expect(lookupLong('no-http2')).toBeUndefined();
    expect(lookupLong('no-buffer')).toMatchObject({ spec: { long: 'no-buffer', short: 'N' }, negated: false });
    expect(lookupLong('buffer')).toMatchObject({ spec: { long: 'no-buffer' }, negated: true });
    expect(lookupLong('keepalive')).toMatchObject({ spec: { long: 'no-keepalive' }, negated: true });
    expect(lookupLong('no-no-buffer')).toBeUndefined();
    expect(lookupLong('no-verb')).toBeUndefined();
  });

  it('reads --expand- (curl 8.3+) for options that take an argument', () => {
    expect(lookupLong('--expand-data')).toEqual({
      spec: findLongOption('data'),
      negated: false,
      expanded: true,
      inexact: false,
    });
    expect(lookupLong('expand-url')).toMatchObject({ spec: { long: 'url' }, expanded: true });
    expect(lookupLong('expand-location')).toBeUndefined();
    expect(lookupLong('no-expand-data')).toBeUndefined();
  });

  it("flags curl 7.x's abbreviations and case-insensitive matches as inexact", () => {
    expect(lookupLong('verb')).toMatchObject({ spec: { long: 'verbose' }, inexact: true, negated: false });
    expect(lookupLong('Location')).toMatchObject({ spec: { long: 'location' }, inexact: true });
    expect(lookupLong('bu')).toMatchObject({ spec: { long: 'no-buffer' }, inexact: true, negated: true });
    expect(lookupLong('ver')).toBeUndefined(); // verbose or version
    expect(lookupLong('dat')).toBeUndefined(); // data, data-ascii, ...
    expect(lookupLong('fol')).toBeUndefined(); // --follow came in 8.16, after abbreviations were gone
  });

  it('returns undefined for unknown options', () => {
    expect(lookupLong('--not-a-curl-option')).toBeUndefined();
    expect(lookupLong('')).toBeUndefined();
    expect(lookupLong('--')).toBeUndefined();
    expect(findLongOption('not-a-curl-option')).toBeUndefined();
  });

  it('marks legacy and newer options', () => {
    expect(findLongOption('ftp-ssl')).toMatchObject({ removed: true, alias: 'ssl' });
    expect(findLongOption('krb4')).toMatchObject({ arg: true, removed: true, alias: 'krb' });
    expect(findLongOption('socks')).toMatchObject({ arg: true, removed: true, alias: 'socks5' });
    expect(findLongOption('ntlm-wb')).toMatchObject({ removed: true });
    expect(findLongOption('sasl-authzid')?.removed).toBeUndefined();
    expect(findLongOption('ssl-allow-beast')?.removed).toBeUndefined();
    expect(findLongOption('show-headers')).toMatchObject({ alias: 'include', added: '8.10.0', negatable: true });
    expect(findLongOption('ca-native')).toMatchObject({ arg: false, negatable: true, added: '8.2.0' });
    expect(findLongOption('variable')).toMatchObject({ arg: true, added: '8.3.0' });
    expect(findLongOption('url-query')?.added).toBeUndefined(); // 7.87, already in the baseline
  });

  it('links each option to its section of the manual', () => {
    expect(manualUrl('data-raw')).toBe('https://curl.se/docs/manpage.html#--data-raw');
    expect(manualUrl('--location')).toBe('https://curl.se/docs/manpage.html#--location');
  });
});

describe('option suggestions', () => {
  it('suggests the closest long option for a typo or a prefix', () => {
    expect(suggestOption('data-rwa')).toBe('--data-raw');
    expect(suggestOption('hedaer')).toBe('--header');
    expect(suggestOption('--hedaer')).toBe('--header');
    expect(suggestOption('insecur')).toBe('--insecure');
    expect(suggestOption('jsn')).toBe('--json');
    expect(suggestOption('compresed')).toBe('--compressed');
    expect(suggestOption('dat')).toBe('--data');
    expect(suggestOption('verb')).toBe('--verbose');
    expect(suggestOption('Location')).toBe('--location');
    expect(suggestOption('no-locaton')).toBe('--no-location');
    expect(suggestOption('expand-dta')).toBe('--expand-data');
  });

  it('suggests nothing for known options or names far from any option', () => {
    expect(suggestOption('data')).toBeUndefined();
    expect(suggestOption('no-location')).toBeUndefined();
    expect(suggestOption('xyzzy-plugh')).toBeUndefined();
    expect(suggestOption('qq')).toBeUndefined();
    expect(suggestOption('')).toBeUndefined();
  });
});

describe('the option table', () => {
  it('has unique, lowercase-kebab long names in alphabetical order', () => {
    const names = CURL_OPTIONS.map((spec) => spec.long);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => !/^[a-z0-9]+(?:[-.][a-z0-9]+)*$/.test(name))).toEqual([]);
    expect(names).toEqual([...names].sort());
  });

  it('has unique single-character short options, none on old names', () => {
    const shorts = CURL_OPTIONS.flatMap((spec) => (spec.short === undefined ? [] : [spec.short]));
    expect(new Set(shorts).size).toBe(shorts.length);
    expect(shorts.filter((short) => short.length !== 1)).toEqual([]);
    // Old names give their letter to the current name; -2 and -3 stay with the ignored --sslv2 and --sslv3.
    expect(CURL_OPTIONS.filter((spec) => spec.short !== undefined && spec.alias !== undefined)).toEqual([]);
  });

  it('keeps the flags consistent', () => {
    // Only switches can be negated, and the --no-<name> options are all switches.
    expect(CURL_OPTIONS.filter((spec) => spec.negatable && spec.arg)).toEqual([]);
    expect(CURL_OPTIONS.filter((spec) => spec.long.startsWith('no-') && !spec.negatable)).toEqual([]);
    // Aliases point at a current option of the same kind.
    for (const spec of CURL_OPTIONS.filter((option) => option.alias !== undefined)) {
      const target = findLongOption(spec.alias ?? '');
      expect(target?.removed, `${spec.long} -> ${spec.alias}`).toBeUndefined();
      expect(target?.arg, `${spec.long} -> ${spec.alias}`).toBe(spec.arg);
    }
    expect(CURL_OPTIONS.filter((spec) => spec.added !== undefined && !/^8\.\d+\.\d+$/.test(spec.added))).toEqual([]);
  });

  it('counts the options of curl 7.88, the newer ones and the legacy ones', () => {
    // The 250 that --help lists, plus --epsv, --eprt, --krb4, --ftp-ssl, --ftp-ssl-reqd and --test-event.
    expect(knownTo788).toHaveLength(256);
    expect(CURL_OPTIONS.filter((spec) => spec.added !== undefined)).toHaveLength(24);
    expect(CURL_OPTIONS.filter((spec) => spec.removed)).toHaveLength(21);
  });
});
