/**
 * A HAR 1.2 log with one entry: the request as curl sends it (every header
 * line in curl's order, the query decoded into `queryString`, the body as
 * `postData.text`), in the shape browsers export and HAR viewers, proxies and
 * the project's own import read. Nothing was sent, so the response is empty
 * (status 0). A multipart form whose files are read when curl runs is listed
 * as `postData.params` (names and file names, no contents), with a warning.
 */
import type { HarPostParam } from '../../capture/types.ts';
import { contentTypeForFilename } from '../../curl/wire.ts';
import type { Har, HarPostData, HarRequest } from '../../history/har.ts';
import { parseQuery } from '../../http/query.ts';
import { utf8Bytes } from '../../raw-bytes.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec } from '../../request-spec/spec.ts';
import { targetInfo } from '../targets.ts';
import type { GeneratedCode, Generator } from '../types.ts';
import { curlMessage, templated, type CurlMessage } from './kit.ts';

/** The start of the epoch: the entry was never sent, and a fixed time keeps the file the same for one request. */
const NOT_SENT = new Date(0).toISOString();

function postData(message: CurlMessage): HarPostData | undefined {
  const mimeType = message.contentType ?? '';
  if (message.body !== null) return { mimeType, text: message.body };
  if (!message.unreadParts) return undefined;
  const params = message.unreadParts.map((part): HarPostParam => {
    const name = templated(part.name);
    const type = part.contentType !== undefined ? { contentType: templated(part.contentType) } : {};
    if (part.type === 'field') {
      const fileName = part.filename !== undefined ? { fileName: templated(part.filename) } : {};
      return { name, value: templated(part.value), ...fileName, ...type };
    }
    if (part.type === 'file') {
      // The type curl sends for the file: the one given, else its guess from the file name.
      return {
        name,
        fileName: templated(part.filename),
        contentType: type.contentType ?? contentTypeForFilename(part.path),
      };
    }
    return { name, ...type };
  });
  return { mimeType: mimeType || 'multipart/form-data', params };
}

function generate(spec: RequestSpec): GeneratedCode {
  const message = curlMessage(spec, profileOf('har'));
  const data = postData(message);
  const request: HarRequest = {
    method: message.method,
    url: message.url,
    httpVersion: message.version,
    headers: message.headers.map(({ name, value }) => ({ name, value })),
    queryString: parseQuery(message.url).map(({ name, value }) => ({ name, value })),
    cookies: [],
    headersSize: -1,
    // -1: the body's size is not known (read when curl runs).
    bodySize: message.body !== null ? utf8Bytes(message.body).length : message.bodyUnknown ? -1 : 0,
    ...(data ? { postData: data } : {}),
  };
  const har: Har = {
    log: {
      version: '1.2',
      creator: { name: 'HTTP Workbench', version: '' },
      entries: [
        {
          startedDateTime: NOT_SENT,
          time: 0,
          request,
          response: {
            status: 0,
            statusText: '',
            httpVersion: '',
            headers: [],
            cookies: [],
            content: { size: 0, mimeType: '' },
            redirectURL: '',
            headersSize: -1,
            bodySize: -1,
          },
          cache: {},
          timings: { send: 0, wait: 0, receive: 0 },
        },
      ],
    },
  };
  return { code: `${JSON.stringify(har, null, 2)}\n`, warnings: message.warnings };
}

export const har: Generator = {
  ...targetInfo('har'),
  generate,
};
