/**
 * The one catalogue of code-generation warnings, shared by every target: each
 * code is stable (tests, the UI and the CLI key on it) and has one message
 * template. A target never writes its own message text; it names the client
 * and the facts, and the catalogue says it the same way for all of them.
 */
import type { SourceSpan, Warning } from '../errors.ts';

interface Client {
  /** How the message names the client library: `fetch`, `requests`, `Go (net/http)`. */
  client: string;
}

export const WARNING_CATALOGUE = {
  // What the request holds that no generated program sends as it is.
  'raw-bytes': () =>
    "The request holds bytes that are not UTF-8 text (from \\xHH or \\NNN escapes in $'...'), which a string " +
    'in the generated code cannot hold: they are not sent as they are. Write them as text, or send the body from a file.',
  'json-invalid': () => 'The body is declared as JSON but does not parse as JSON; it is sent as text.',
  'auth-unsupported': (p: { scheme: string }) =>
    `${p.scheme} authentication is not generated: add it with the client's own support for it.`,
  'cookie-file': (p: Client & { files: string }) =>
    `${p.client} does not read the cookie file ${p.files}: its cookies are not sent.`,

  'file-not-chosen': (p: { part: string }) =>
    `No file is chosen for ${p.part}: the program leaves it out. Choose the file, or switch it to text.`,

  // Headers.
  'host-header-dropped': (p: Client) => `${p.client} always sends the URL's host as Host: the Host header is left out.`,
  'header-not-removable': (p: Client & { names: string[] }) =>
    `${p.client} always sends its own ${p.names.join(', ')} header${p.names.length > 1 ? 's' : ''}: the request removes ${p.names.length > 1 ? 'them' : 'it'}.`,
  'header-merged': (p: Client & { names: string[] }) =>
    `${p.client} joins repeated headers into one comma-separated line: ${p.names.join(', ')} arrives as one line, not several.`,
  'header-dropped': (p: Client & { names: string[] }) => `${p.client} drops headers named ${p.names.join(', ')}.`,
  'header-not-ascii': (p: Client & { names: string[] }) =>
    `${p.client} sends only visible ASCII characters and tabs in header values: ${p.names.join(', ')} ${p.names.length > 1 ? 'are' : 'is'} left out.`,
  'item-escape': (p: Client & { name: string }) =>
    `${p.client} cannot write a backslash before : ; = or @ in ${p.name} (its request-item syntax drops that backslash).`,
  'method-case': (p: Client & { method: string }) =>
    `${p.client} sends the method in upper case: ${p.method.toUpperCase()}, where curl sends ${p.method}.`,
  'body-dropped': (p: Client & { method: string }) =>
    `${p.client} cannot send a body with ${p.method.toUpperCase()}: the body is left out.`,

  // The URL.
  'url-normalised': (p: Client & { sent: string; target: string }) =>
    `${p.client} rewrites the URL before sending it: the request target becomes ${p.sent} instead of ${p.target} as written.`,
  'url-invalid': (p: Client & { url: string }) => `${p.client} cannot parse the URL ${p.url}.`,
  'url-unescaped': (p: Client) =>
    `${p.client} refuses a path with spaces or characters beyond Latin-1: percent-encode them in the URL.`,
  'scheme-unsupported': (p: Client & { scheme: string }) =>
    `${p.client} does not speak ${p.scheme}: the request is sent over HTTPS.`,

  // Bodies.
  'multipart-content-type': (p: Client & { header: string }) =>
    `${p.client} writes its own "multipart/form-data; boundary=…" Content-Type: the header "${p.header}" is not sent as written.`,
  'multipart-part-headers': (p: Client & { part: string }) =>
    `${p.client} cannot set headers on a multipart part: the headers of part "${p.part}" are left out.`,
  'multipart-filename': (p: Client & { filename: string }) =>
    `${p.client} escapes the backslashes in the file name "${p.filename}"; curl sends them as they are.`,
  'multipart-part-type': (p: Client & { part: string; type: string }) =>
    `${p.client} cannot set a Content-Type on the text part "${p.part}": it is sent without "${p.type}".`,
  'multipart-repeated-name': (p: Client & { name: string }) =>
    `${p.client} keeps one part per name: of the parts named "${p.name}", only the last is sent.`,
  'content-type-added': (p: Client & { type: string }) =>
    `${p.client} adds "Content-Type: ${p.type}" to a body sent without a Content-Type; curl sends none.`,
  'multipart-text-filename': (p: Client & { part: string; filename: string }) =>
    `${p.client} cannot send a text as a file: part "${p.part}" is sent as a plain field, without the file name "${p.filename}".`,
  'multipart-filename-fixed': (p: Client & { part: string; sent: string; filename: string }) =>
    `${p.client} names a file part after its file: part "${p.part}" is sent with the file name "${p.sent}", not "${p.filename}".`,
  'multipart-zero-content': (p: Client & { part: string }) =>
    `${p.client} takes a part whose content is "0" for one without content unless it has a Content-Type: part "${p.part}" is sent as a plain field, without its headers and file name.`,
  'urlencode-at-run-time': (p: Client & { what: string }) =>
    `${p.client} cannot URL-encode ${p.what} when it runs: the body is sent without it.`,
  'stdin-strip': (p: Client) => `${p.client}: newlines are not removed from the standard input part of the body.`,
  'multipart-unsupported': (p: Client) =>
    `${p.client} cannot send a multipart/form-data body: the form's parts are left out. Send them with another client.`,
  'body-not-embedded': (p: Client & { source: string }) =>
    `${p.client} holds the request as data, and the body comes from ${p.source} when curl runs: it is left out. Paste the bytes in as the body.`,
  'variables-as-templates': (p: Client & { names: string[] }) =>
    `${p.client} cannot read variables when it is sent: ${p.names.map((n) => `$${n}`).join(', ')} ${p.names.length > 1 ? 'are' : 'is'} written {{${p.names[0]}}}, for the tool that sends it to fill in.`,

  // Transport.
  proxy: (p: Client & { proxy: string; hint: string }) => `${p.client} ${p.hint} (-x ${p.proxy}).`,
  insecure: (p: Client & { hint: string }) =>
    `${p.client} cannot skip certificate checks per request: -k is not kept${p.hint ? ` (${p.hint})` : ''}.`,
  'connect-timeout': (p: Client) =>
    `${p.client} has no connection timeout: --connect-timeout is not kept (-m limits the whole request).`,
  'timeout-total': (p: Client & { seconds: number; applies: string }) =>
    `${p.client} has no limit on the whole transfer (curl -m ${p.seconds}): the timeout applies to ${p.applies}.`,
  'max-redirs': (p: Client & { max: number; limit: string }) =>
    `${p.client} follows ${p.limit} redirects: --max-redirs ${p.max} is not kept.`,
  'location-trusted': (p: Client) =>
    `${p.client} drops the credentials when a redirect leads to another host: --location-trusted is not kept.`,
  'redirects-not-followed': (p: Client) =>
    `${p.client} does not follow redirects: -L is not kept (the program prints the redirect response).`,
  'http-version': (p: Client & { asked: string; sends: string }) =>
    `${p.client} cannot be told to use ${p.asked}: it sends ${p.sends}.`,
  'output-remote-name': () =>
    '-O: the file name cannot be taken from the URL (its path ends in /): the program prints the body instead.',
} satisfies Record<string, (params: never) => string>;

export type WarningCode = keyof typeof WARNING_CATALOGUE;
type Params<C extends WarningCode> = Parameters<(typeof WARNING_CATALOGUE)[C]>[0];

/** A warning from the catalogue, at the place in the input it is about. */
export function specWarning<C extends WarningCode>(
  code: C,
  ...[params, span]: Params<C> extends undefined ? [params?: undefined, span?: SourceSpan] : [Params<C>, SourceSpan?]
): Warning {
  const message = (WARNING_CATALOGUE[code] as (p: unknown) => string)(params);
  return span ? { code, message, span } : { code, message };
}

/** Every code of the catalogue (for documentation and tests). */
export const WARNING_CODES = Object.keys(WARNING_CATALOGUE) as WarningCode[];
