/**
 * The HTTP/1.1 request message itself, byte for byte as curl sends it: the
 * request line, curl's header lines in curl's order (Host, User-Agent,
 * Accept, Content-Length included), a blank line and the body. Lines end in
 * CRLF, so the text can be written to a socket (`nc host port < request.http`)
 * as it is. A body curl reads from a file or standard input is not known when
 * converting: the message then has none, and a warning says so.
 */
import type { RequestSpec } from '../../request-spec/spec.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import { targetInfo } from '../targets.ts';
import type { GeneratedCode, Generator } from '../types.ts';
import { curlMessage } from './kit.ts';

function generate(spec: RequestSpec): GeneratedCode {
  const message = curlMessage(spec, profileOf('http-raw'));
  let text = `${message.method} ${message.target} ${message.version}\r\n`;
  // curl writes a header set empty (`-H 'X;'`) as `X:`, without the space.
  for (const { name, value } of message.headers) text += value === '' ? `${name}:\r\n` : `${name}: ${value}\r\n`;
  text += '\r\n';
  if (message.body !== null) text += message.body;
  return { code: text, warnings: message.warnings };
}

export const httpRaw: Generator = {
  ...targetInfo('http-raw'),
  generate,
};
