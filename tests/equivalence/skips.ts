/**
 * Cases a target cannot pass because of a limitation of the client library
 * itself (not a generator bug to fix). Each entry names the target, the case
 * (its exact name in the corpus or the adversarial fixture) and the client
 * limitation. The suites keep this list honest: an entry whose target or case
 * no longer exists, or whose case now passes, fails the run. Generator bugs
 * the adversarial fixture found wait at the end of the list, marked BUG, until
 * they are fixed.
 */
import { parseCurl } from '../../src/core/curl/parse.ts';
import { generate } from '../../src/core/generators/registry.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { ADVERSARIAL } from '../fixtures/adversarial.ts';
import { CORPUS } from '../fixtures/curl-corpus.ts';

export interface Skip {
  /** A generator id, e.g. `python-requests`. */
  target: string;
  /** The case's name, exactly as in tests/fixtures/curl-corpus.ts or tests/fixtures/adversarial.ts. */
  case: string;
  /** The client limitation that makes the request differ from curl's. */
  reason: string;
}

const WHATWG_QUERY =
  "the WHATWG URL parser percent-encodes ' in the query of an http(s) URL (to %27), and the client only takes such URLs";
const FILENAME_BACKSLASH = 'escapes a backslash in a multipart file name as \\\\ (curl 7.88 sends it as is)';

const EMPTY_QUERY = 'a URL ending in ? keeps it';
const dropsEmptyQuery = (client: string) =>
  `${client} sends the request target without an empty query: /items? goes out as /items (the generated code warns url-normalised).`;

/**
 * The cases (corpus commands curl can send, and the adversarial fixture) for which a target's generator
 * gives one of these warnings: what it says it cannot send. Derived from the generator itself, so the list
 * stays exact as cases are added; a warned case that passes anyway still fails the run.
 */
function casesWarned(target: string, codes: readonly string[]): string[] {
  const cases = [...CORPUS.filter((c) => c.wire !== false && (c.dialect ?? 'bash') === 'bash'), ...ADVERSARIAL];
  return cases
    .filter((c) => {
      try {
        return parseCurl(c.cmd, { dialect: 'bash' }).requests.some((request) =>
          generate(specFromCurl(request), target).warnings.some((w) => codes.includes(w.code)),
        );
      } catch {
        return false;
      }
    })
    .map((c) => c.name);
}

const WGET_REPEATED = ['repeated header lines stay separate', 'the same nasty header twice'];
/** Bodies curl sends without a Content-Type, to which Net::HTTP and Wget add their form type. */
const BODIES_WITHOUT_TYPE = [
  '-T implies PUT',
  'removing the default Content-Type',
  '-T to a URL ending in / appends the file name',
  '-T to a URL with no path uploads to /file',
  '--upload-file',
  '-T - reads a file given with <',
  '-T - reads a here-string',
  '-T - sends nothing when --url-query @- read stdin first',
  '-T - sends nothing when a later request reads stdin with -d @-',
  'a file path with a quote, uploaded with -T',
  'NUL bytes around payloads uploaded with -T',
];

/** What the project's own HAR import (capture/har.ts) and the REST client's compose step change when replaying. */
const HAR_IMPORT_LIMITS: [string, string][] = [
  ['-X GET with a body keeps the body', 'The HAR import drops the body of a GET or HEAD entry (browsers send none).'],
  ['custom Host header', "The HAR import drops the entry's Host header; the request goes to the URL's host."],
  [
    'removing the default Content-Type',
    'The REST client adds text/plain; charset=utf-8 to a text body that has no Content-Type.',
  ],
  [
    '-T - reads a here-string',
    'The REST client adds text/plain; charset=utf-8 to a text body that has no Content-Type.',
  ],
  ['-F field with a type', "The HAR import's multipart reader keeps no Content-Type on a field that is not a file."],
  [
    'a multipart text part whose content is 0, with a type',
    "The HAR import's multipart reader keeps no Content-Type on a field that is not a file.",
  ],
  [
    'a multipart text part whose content is 0, with a header',
    "The HAR import's multipart reader keeps no headers on a field that is not a file.",
  ],
];

const COOKIE_FILE_CASES = [
  'a cookie file sends the cookies whose path, secure flag and expiry match',
  'a cookie file and a cookie string',
  '-b cookie file',
];
const cookieFile = (client: string) =>
  `${client} does not read Netscape cookie files: the cookies of the file are not sent (the code warns cookie-file).`;

export const SKIPS: readonly Skip[] = [
  // Standard input read by -F and --url-query.
  ...['python-requests', 'httpie'].flatMap((target) =>
    [
      '--url-query @- encodes a here-string with its newline',
      '--url-query name@- from a here-document',
      '-G --data-urlencode @- from a here-string',
      '--url-query @- read before -d @-: the body is empty',
      '-T - sends nothing when --url-query @- read stdin first',
    ].map((name) => ({
      target,
      case: name,
      reason: 'requests (requote_uri, then urllib3) upper-cases percent escapes in the URL.',
    })),
  ),
  ...['httpie', 'r-httr'].flatMap((target) =>
    casesWarned(target, ['multipart-text-filename'])
      // HTTPie's part-header skips already list a text part with a type.
      .filter((name) => target !== 'httpie' || !casesWarned('httpie', ['multipart-part-headers']).includes(name))
      .map((name) => ({
        target,
        case: name,
        reason: 'The client sends a text part without a file name: it cannot send a text as a file (warned).',
      })),
  ),
  ...[
    '-F name=@- reads a file given with <',
    '-F name=@- without stdin on the command line reads the program stdin',
  ].map((name) => ({
    target: 'r-httr',
    case: name,
    reason: "httr's upload_file names a file part after its file: the part's file name cannot be set (warned).",
  })),
  ...['python-requests', 'python-httpx'].map((target) => ({
    target,
    case: 'a cookie file and a cookie string',
    reason:
      "The library's cookie jar reads the file (MozillaCookieJar), but an explicit Cookie header would replace the jar's cookies: with cookies from the command too, the generated code warns (cookie-file) instead.",
  })),
  {
    target: 'javascript-fetch',
    case: EMPTY_QUERY,
    reason: dropsEmptyQuery("fetch (undici, from the WHATWG URL's pathname + search)"),
  },
  {
    target: 'javascript-axios',
    case: EMPTY_QUERY,
    reason: dropsEmptyQuery("axios (Node's http adapter, from the WHATWG URL's pathname + search)"),
  },
  {
    target: 'python-requests',
    case: EMPTY_QUERY,
    reason: dropsEmptyQuery('requests (urlunparse in prepare_url, and PreparedRequest.path_url)'),
  },
  {
    target: 'javascript-fetch',
    case: 'header names that are object prototype words',
    reason:
      'fetch (undici) drops a header named __proto__ when it converts the headers record; the generator warns (header-dropped).',
  },
  // fetch (undici)
  {
    target: 'javascript-fetch',
    case: '-X GET with a body keeps the body',
    reason: 'fetch refuses a body on a GET request ("Request with GET/HEAD method cannot have body").',
  },
  {
    target: 'javascript-fetch',
    case: 'Name: removes a header',
    reason: 'fetch always sends its own Accept: */* when none is set; it cannot be removed.',
  },
  {
    target: 'javascript-fetch',
    case: 'removing User-Agent',
    reason: 'fetch (undici) always sends a User-Agent (node) when none is set; it cannot be removed.',
  },
  {
    target: 'javascript-fetch',
    case: 'custom Host header',
    reason: 'Host is a forbidden request header for fetch: it is silently replaced by the URL host.',
  },
  {
    target: 'javascript-fetch',
    case: 'repeated header lines stay separate',
    reason: 'fetch Headers combine repeated header lines into one "a, b" line.',
  },
  {
    target: 'javascript-fetch',
    case: 'the same nasty header twice',
    reason: 'fetch Headers combine repeated header lines into one "a, b" line.',
  },
  { target: 'javascript-fetch', case: 'raw sub-delimiters in the query', reason: `fetch: ${WHATWG_QUERY}.` },

  // axios
  { target: 'javascript-axios', case: 'raw sub-delimiters in the query', reason: `axios: ${WHATWG_QUERY}.` },
  {
    target: 'javascript-axios',
    case: 'header names that are object prototype words',
    reason:
      'axios keeps headers as properties of a plain object (AxiosHeaders): a header named __proto__ sets the prototype and is dropped.',
  },

  // node:https

  // requests
  {
    target: 'python-requests',
    case: 'repeated header lines stay separate',
    reason: 'requests keeps headers in a case-insensitive dict: repeated header lines are sent as one "a, b" line.',
  },
  {
    target: 'python-requests',
    case: 'the same nasty header twice',
    reason: 'requests keeps headers in a case-insensitive dict: repeated header lines are sent as one "a, b" line.',
  },
  {
    target: 'python-requests',
    case: '-G with --data-urlencode uses lowercase escapes',
    reason: 'requests (requote_uri, then urllib3) upper-cases percent escapes in the URL.',
  },
  {
    target: 'python-requests',
    case: '-G with hostile data',
    reason: 'requests (requote_uri, then urllib3) upper-cases percent escapes in the URL.',
  },
  {
    target: 'python-requests',
    case: 'lowercase percent escapes in path and query are kept',
    reason: 'requests (requote_uri, then urllib3) upper-cases percent escapes in the URL and decodes %7E.',
  },

  // httpx
  {
    target: 'python-httpx',
    case: 'multipart file name with quotes and backslashes',
    reason: `httpx (HTML5 form encoding of file names) ${FILENAME_BACKSLASH}.`,
  },

  // net/http

  // reqwest 0.13
  {
    target: 'rust-reqwest',
    case: 'Name: removes a header',
    reason:
      'reqwest 0.13 always sends Accept: */* when none is set (a client default that default_headers cannot remove).',
  },
  ...['-F part headers', 'a multipart text part whose content is 0, with a header'].map((c) => ({
    target: 'rust-reqwest',
    case: c,
    reason: 'reqwest 0.13 multipart::Part has no way to add headers to a part.',
  })),
  {
    target: 'rust-reqwest',
    case: 'multipart part type and headers with quotes',
    reason: 'reqwest 0.13 multipart::Part has no way to add headers to a part.',
  },
  {
    target: 'rust-reqwest',
    case: 'multipart file name with quotes and backslashes',
    reason: `reqwest 0.13 ${FILENAME_BACKSLASH}.`,
  },
  { target: 'rust-reqwest', case: 'raw sub-delimiters in the query', reason: `reqwest (url crate): ${WHATWG_QUERY}.` },

  // HttpClient (Mono 6.8's System.Net.Http, the corefx handler)
  ...['repeated header lines stay separate', 'the same nasty header twice'].map((c) => ({
    target: 'csharp-httpclient',
    case: c,
    reason:
      'HttpClient keeps one header entry per name: repeated lines are sent as one "a, b" line (the code warns header-merged).',
  })),
  ...COOKIE_FILE_CASES.map((c) => ({
    target: 'csharp-httpclient',
    case: c,
    reason: cookieFile('HttpClient (CookieContainer has no reader for them)'),
  })),
  ...[
    '-G with --data-urlencode uses lowercase escapes',
    '-G with hostile data',
    'lowercase percent escapes in path and query are kept',
    'quotes of every kind: URL, password and --json',
    'right-to-left override: URL, user name and --data-binary',
    'right-to-left marks: URL, password and --json',
    'combining marks on quotes: URL, password and --json',
    'bidirectional isolates and embeddings: URL, user name and -F filename',
  ].map((c) => ({
    target: 'csharp-httpclient',
    case: c,
    reason:
      'System.Uri rewrites the request target: percent escapes in upper case, %7E decoded, quotes escaped, direction marks dropped.',
  })),
  ...[
    'non-BMP emoji: URL, user name and -F filename',
    'combining marks: URL, user name and -F filename',
    'IDN-looking text: URL, user name and -F filename',
    'the highest code point: URL, user name and -F filename',
    'replacement character and specials: URL, user name and -F filename',
    'multipart part name in UTF-8',
    'multipart file name in UTF-8',
  ].map((c) => ({
    target: 'csharp-httpclient',
    case: c,
    reason:
      "Mono's MultipartContent writes part headers as ASCII: a name or file name beyond ASCII arrives with ? for each character.",
  })),
  {
    target: 'csharp-httpclient',
    case: 'UTF-8 in a header value, a cookie and the user agent',
    reason: 'HttpClient refuses a header value beyond ASCII ("Request headers must contain only ASCII characters").',
  },
  ...['UTF-8 in a referer', 'user agent and referer payloads'].map((c) => ({
    target: 'csharp-httpclient',
    case: c,
    reason: 'HttpClient parses Referer as a URI and sends it percent-encoded, not as written.',
  })),

  // Net::HTTP (Ruby 3.1)
  ...['repeated header lines stay separate', 'the same nasty header twice'].map((c) => ({
    target: 'ruby-net-http',
    case: c,
    reason:
      'Net::HTTP joins repeated header lines into one "a, b" line when it writes them (the code warns header-merged).',
  })),
  ...COOKIE_FILE_CASES.map((c) => ({ target: 'ruby-net-http', case: c, reason: cookieFile('Net::HTTP') })),
  ...BODIES_WITHOUT_TYPE.map((c) => ({
    target: 'ruby-net-http',
    case: c,
    reason:
      'Net::HTTP adds Content-Type: application/x-www-form-urlencoded to a body sent without one, and it cannot be removed (the code warns content-type-added).',
  })),
  ...[
    '-F field with a type',
    '-F part headers',
    'multipart part type and headers with quotes',
    'a multipart text part whose content is 0, with a type',
    'a multipart text part whose content is 0, with a header',
  ].map((c) => ({
    target: 'ruby-net-http',
    case: c,
    reason:
      "Net::HTTP's set_form takes no headers for a part and no type for a text field (the code warns multipart-part-headers).",
  })),
  {
    target: 'ruby-net-http',
    case: 'multipart file name with quotes and backslashes',
    reason: `Net::HTTP's set_form ${FILENAME_BACKSLASH}.`,
  },
  {
    target: 'ruby-net-http',
    case: 'raw sub-delimiters in the query',
    reason: "Ruby's URI() percent-encodes ' in the query (to %27).",
  },

  // LWP::UserAgent (libwww-perl 6.68)
  ...COOKIE_FILE_CASES.map((c) => ({
    target: 'perl-lwp',
    case: c,
    reason: cookieFile('LWP (HTTP::Cookies::Netscape skips #HttpOnly_ lines and session cookies of a Netscape file)'),
  })),
  {
    target: 'perl-lwp',
    case: 'multipart file name with quotes and backslashes',
    reason: `HTTP::Request::Common's form-data ${FILENAME_BACKSLASH}.`,
  },
  ...casesWarned('perl-lwp', ['multipart-zero-content']).map((c) => ({
    target: 'perl-lwp',
    case: c,
    reason:
      'HTTP::Request::Common takes a part content of "0" for none, and reads it from an in-memory file only with a Content-Type: the part is sent without its headers (the generated code warns multipart-zero-content).',
  })),

  // httr 1.4.5 (curl 5.0.0, libcurl 7.88)
  ...['repeated header lines stay separate', 'the same nasty header twice'].map((c) => ({
    target: 'r-httr',
    case: c,
    reason:
      'httr keeps the last of repeated headers: the program joins them into one "a, b" line (and warns header-merged).',
  })),
  {
    target: 'r-httr',
    case: '-X GET with a body keeps the body',
    reason:
      'httr makes a GET request with CURLOPT_HTTPGET, even through VERB("GET", body = ...): the body is not sent (the code warns body-dropped).',
  },
  {
    target: 'r-httr',
    case: 'Name; sends it empty',
    reason:
      'httr passes "Name: " to libcurl, which reads a header without a value as one to remove (the code warns header-dropped).',
  },
  ...[
    '-F part headers',
    'multipart part type and headers with quotes',
    'a multipart text part whose content is 0, with a header',
  ].map((c) => ({
    target: 'r-httr',
    case: c,
    reason: 'httr multipart bodies take no headers for a part (the code warns multipart-part-headers).',
  })),
  ...[
    '-F file with type and filename',
    'double braces: URL, header, cookie, user name and -F filename',
    'shell double quote breakout: URL, header, cookie, user name and -F filename',
    'python f-string payload: URL, header, cookie, user name and -F filename',
    'rust string payload: URL, header, cookie, password and -F filename',
    'script tags: URL, header, cookie, user name and -F filename',
    'at and angle prefixes: URL, header, cookie, user name and -F filename',
    'non-BMP emoji: URL, user name and -F filename',
    'combining marks: URL, user name and -F filename',
    'javascript regex and comment syntax: URL, header, cookie, user name and -F filename',
    'python percent formatting: URL, header, cookie, user name and -F filename',
    'rust format placeholders: URL, header, cookie, password and -F filename',
    'bash tilde expansion: URL, header, cookie, user name and -F filename',
    'bash parameter and arithmetic expansion: URL, header, cookie, password and -F filename',
    'cmd carets: URL, header, cookie, user name and -F filename',
    'powershell stop-parsing and call operators: URL, header, cookie, user name and -F filename',
    'json object breakout: URL, header, cookie, password and -F filename',
    'IDN-looking text: URL, user name and -F filename',
    '10 KB of dollar braces: -F filename',
    'the highest code point: URL, user name and -F filename',
    'bidirectional isolates and embeddings: URL, user name and -F filename',
    'replacement character and specials: URL, user name and -F filename',
    'template engine syntax: URL, header, cookie, user name and -F filename',
    'node execute payload after triple quotes: URL, header, cookie, password and -F filename',
    'python execute payload after double quotes: URL, header, cookie, user name and -F filename',
    'go execute payload after dollar-brace interpolation: URL, header, cookie, user name and -F filename',
    'rust execute payload after triple quotes: URL, header, cookie, password and -F filename',
    'multipart file name that is a payload',
    'multipart file name in UTF-8',
    'a file path with quotes, braces, a percent sign and a dollar, uploaded as a part',
    'multipart file name with quotes and backslashes',
  ].map((c) => ({
    target: 'r-httr',
    case: c,
    reason:
      "r-curl 5.0's form_file has no file name argument: a file part goes out under the file's own name (the code warns multipart-filename-fixed).",
  })),
  ...[
    'NUL bytes url-encoded from a file',
    'NUL bytes around payloads url-encoded from a file',
    'every --data-urlencode form with payloads',
  ].map((c) => ({
    target: 'r-httr',
    case: c,
    reason: 'An R string cannot hold NUL, and curl_escape() takes a string: a file holding NUL cannot be url-encoded.',
  })),

  // got 14
  {
    target: 'node-got',
    case: EMPTY_QUERY,
    reason: dropsEmptyQuery("got (Node's http, from the WHATWG URL's pathname + search)"),
  },

  // HTTPie (3.2.4, on requests)
  ...[
    '-b cookie file',
    'a cookie file sends the cookies whose path, secure flag and expiry match',
    'a cookie file and a cookie string',
  ].map((c) => ({
    target: 'httpie',
    case: c,
    reason:
      'HTTPie reads cookies only from its own session files (--session), not from a Netscape cookie file; the generated command warns (cookie-file).',
  })),
  {
    target: 'httpie',
    case: '-G with --data-urlencode uses lowercase escapes',
    reason: 'HTTPie sends through requests, which (requote_uri, then urllib3) upper-cases percent escapes in the URL.',
  },
  {
    target: 'httpie',
    case: EMPTY_QUERY,
    reason: dropsEmptyQuery('HTTPie (through requests: urlunparse in prepare_url)'),
  },
  ...casesWarned('httpie', ['multipart-filename-fixed']).map((name) => ({
    target: 'httpie',
    case: name,
    reason: "HTTPie names a file part after its file (field@path): the part's file name cannot be set (warned).",
  })),
  ...casesWarned('httpie', ['multipart-part-headers']).map((name) => ({
    target: 'httpie',
    case: name,
    reason:
      'HTTPie cannot add headers to a part of a --multipart request, nor a Content-Type to a text field (warned).',
  })),
  ...['lowercase percent escapes in path and query are kept', '-G with hostile data'].map((name) => ({
    target: 'httpie',
    case: name,
    reason:
      'HTTPie sends through requests, which (requote_uri, then urllib3) upper-cases percent escapes in the URL (warned).',
  })),
  {
    target: 'httpie',
    case: 'NUL bytes in a multipart file',
    reason:
      "HTTPie embeds a file's content as a text field (field=@file) only when it is UTF-8 text; a file holding NUL and 0xFF stops it.",
  },

  // got 14 (on Node's http)
  { target: 'node-got', case: 'raw sub-delimiters in the query', reason: `got: ${WHATWG_QUERY}.` },
  {
    target: 'node-got',
    case: 'header names that are object prototype words',
    reason:
      'got copies the headers into an object of lower-cased names, where __proto__ sets the prototype: the header is dropped (warned header-dropped).',
  },

  // Generator bugs found by the adversarial fixture, skipped until they are fixed (not client limitations).
  // PHP curl: CURLOPT_POSTFIELDS takes an array of name => string or CURLFile.
  ...['-F field with a type', 'a multipart text part whose content is 0, with a type'].map((c) => ({
    target: 'php-curl',
    case: c,
    reason:
      'PHP curl builds text parts from plain strings in the CURLOPT_POSTFIELDS array, which carry no Content-Type (only a CURLFile has one); the generated code warns multipart-part-type.',
  })),
  ...['-F part headers', 'a multipart text part whose content is 0, with a header'].map((c) => ({
    target: 'php-curl',
    case: c,
    reason:
      'PHP curl has no way to set headers on a part of a CURLOPT_POSTFIELDS array (curl_mime_headers is not exposed); the generated code warns multipart-part-headers.',
  })),
  {
    target: 'php-curl',
    case: 'multipart part type and headers with quotes',
    reason:
      'PHP curl cannot give a text part a Content-Type nor a part its own headers (CURLOPT_POSTFIELDS array of strings and CURLFile); the generated code warns multipart-part-type and multipart-part-headers.',
  },
  // Guzzle
  {
    target: 'php-guzzle',
    case: EMPTY_QUERY,
    reason: dropsEmptyQuery("Guzzle (PSR-7's Uri writes no ? before an empty query)"),
  },

  // Wget (1.21.3)
  ...casesWarned('wget', ['multipart-unsupported']).map((name) => ({
    target: 'wget',
    case: name,
    reason: 'Wget has no multipart/form-data support (no -F equivalent); the script warns multipart-unsupported.',
  })),
  ...WGET_REPEATED.map((name) => ({
    target: 'wget',
    case: name,
    reason: 'Wget keeps one line per header name (a later --header replaces an earlier one): the lines are joined.',
  })),
  ...BODIES_WITHOUT_TYPE.map((name) => ({
    target: 'wget',
    case: name,
    reason:
      'Wget adds Content-Type: application/x-www-form-urlencoded to every body without one (an empty --header sends it empty).',
  })),
  {
    target: 'wget',
    case: 'Name: removes a header',
    reason: 'Wget always sends Accept: */*; an empty --header sends the header empty instead of removing it.',
  },
  {
    target: 'wget',
    case: '-b cookie file',
    reason: "Wget's --load-cookies skips the file's #HttpOnly_ lines as comments; curl sends those cookies.",
  },
  {
    target: 'wget',
    case: 'a cookie file and a cookie string',
    reason: "Wget's cookie file and an explicit Cookie header do not combine: the script warns cookie-file instead.",
  },

  // The raw HTTP message and the HAR entry are data written when converting: no file is read then.
  ...['http-raw', 'har'].flatMap((target) =>
    casesWarned(target, ['body-not-embedded', 'cookie-file']).map((name) => ({
      target,
      case: name,
      reason:
        'A request file holds bytes known when converting: a body or cookies curl reads from files or standard input are left out (warned body-not-embedded or cookie-file).',
    })),
  ),
  ...['http-raw', 'har'].map((target) => ({
    target,
    case: 'shell variables holding payloads of every language',
    reason:
      'A request file carries -u credentials as Basic base64 text, which cannot hold {{NAME}} templates for variables to fill in.',
  })),
  {
    target: 'har',
    case: 'shell variables holding payloads',
    reason:
      'The HAR import moves a Cookie value into a secret variable, and a {{NAME}} inside that value is not filled in when sending (variable values are not scanned again).',
  },
  ...HAR_IMPORT_LIMITS.map(([name, reason]) => ({ target: 'har', case: name, reason })),
  // BUG: R refuses the generated string literal of 2000 backslashes ("unrecognized escape"); not yet understood.
  {
    target: 'r-httr',
    case: '10 KB of backslashes: --form-string',
    reason:
      'BUG (generator): R refuses the string literal written for a value of thousands of backslashes ("unrecognized escape in character string"); the program does not parse.',
  },
  // JVM targets (java-httpclient, java-okhttp, kotlin-okhttp).
  {
    target: 'java-httpclient',
    case: EMPTY_QUERY,
    reason: dropsEmptyQuery("the JDK's HttpClient (java.net.URI has no query when it is empty)"),
  },
  {
    target: 'java-httpclient',
    case: 'removing User-Agent',
    reason:
      "the JDK's HttpClient always sends its own User-Agent (Java-http-client/<version>) when none is set; it cannot be removed (the generated code warns header-not-removable).",
  },
  ...['UTF-8 in a header value, a cookie and the user agent', 'UTF-8 in a referer'].map((name) => ({
    target: 'java-httpclient',
    case: name,
    reason:
      "the JDK's HttpClient writes header values as ASCII (measured: ü arrives as ??) and refuses characters above U+00FF, so the header is left out (the generated code warns header-not-ascii).",
  })),
  ...['java-okhttp', 'kotlin-okhttp'].flatMap((target) => [
    {
      target,
      case: 'raw sub-delimiters in the query',
      reason:
        "OkHttp's HttpUrl percent-encodes ' in the query (to %27; its query encode set is ' \"\\'<>#'), and a Request takes only an HttpUrl.",
    },
    {
      target,
      case: '-X GET with a body keeps the body',
      reason:
        'OkHttp refuses a body on GET and HEAD ("method GET must not have a request body"): the body is left out (the generated code warns body-dropped).',
    },
    {
      target,
      case: 'removing User-Agent',
      reason:
        "OkHttp's BridgeInterceptor always adds its own User-Agent (okhttp/<version>) when none is set; only a network interceptor could remove it (the generated code warns header-not-removable).",
    },
  ]),
];
