import { describe, expect, it } from 'vitest';
import {
  BINARY_NOTE,
  capturedFrom,
  curlFromHar,
  importFromHar,
  matchesCaptured,
  MISSING_BODY_NOTE,
  type CapturedFilter,
} from '../../src/core/capture/har.ts';
import type { CapturedRequest, HarEntryLike, HarHeader } from '../../src/core/capture/types.ts';
import { parseCurl, toWireRequest } from '../../src/core/index.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const h = (name: string, value: string): HarHeader => ({ name, value });

// A fetch() POST of JSON from a page on another origin (Chrome, HTTP/1.1).
const JSON_BODY = '{"item":"book","qty":2,"note":"café"}';
const jsonPost: HarEntryLike = {
  startedDateTime: '2024-05-02T10:15:30.123Z',
  time: 84.25,
  request: {
    method: 'POST',
    url: 'https://api.example.com/v1/orders?debug=1',
    httpVersion: 'HTTP/1.1',
    headers: [
      h('Host', 'api.example.com'),
      h('Connection', 'keep-alive'),
      h('Content-Length', '39'),
      h('Accept', 'application/json'),
      h('Content-Type', 'application/json'),
      h('Cookie', 'session=abc123; theme=dark'),
      h('Origin', 'https://shop.example.com'),
      h('Referer', 'https://shop.example.com/cart'),
      h('User-Agent', UA),
      h('X-Request-Id', '7f3c9a2e-41d0-4b8e-9d55-0c2f7e1b6a90'),
    ],
    postData: { mimeType: 'application/json', text: JSON_BODY },
  },
  response: {
    status: 201,
    statusText: 'Created',
    content: { size: 48, mimeType: 'application/json' },
    bodySize: 48,
    _transferSize: 312,
  },
  _resourceType: 'fetch',
};

// new FormData() with a text field and report.txt, sent with fetch (Chrome).
const WEBKIT = '----WebKitFormBoundaryX3bY4Ue1Zq9PmN0a';
const MULTIPART_TEXT = [
  `--${WEBKIT}`,
  'Content-Disposition: form-data; name="title"',
  '',
  'Q1 report',
  `--${WEBKIT}`,
  'Content-Disposition: form-data; name="file"; filename="report.txt"',
  'Content-Type: text/plain',
  '',
  'revenue,42\nmargin,7\n',
  `--${WEBKIT}--`,
  '',
].join('\r\n');
const multipartUpload: HarEntryLike = {
  startedDateTime: '2024-05-02T10:16:00.000Z',
  time: 120,
  request: {
    method: 'POST',
    url: 'https://files.example.com/upload',
    httpVersion: 'HTTP/1.1',
    headers: [
      h('Host', 'files.example.com'),
      h('Content-Length', String(new TextEncoder().encode(MULTIPART_TEXT).length)),
      h('Content-Type', `multipart/form-data; boundary=${WEBKIT}`),
      h('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig'),
      h('Accept', '*/*'),
    ],
    postData: {
      mimeType: `multipart/form-data; boundary=${WEBKIT}`,
      text: MULTIPART_TEXT,
      params: [
        { name: 'title', value: 'Q1 report' },
        { name: 'file', value: '(binary)', fileName: 'report.txt', contentType: 'text/plain' },
      ],
    },
  },
  response: { status: 200, statusText: 'OK', content: { size: 17, mimeType: 'application/json' }, _transferSize: -1 },
  _resourceType: 'xhr',
};

// The page itself: a navigation with cookies (Chrome).
const documentGet: HarEntryLike = {
  startedDateTime: '2024-05-02T10:14:59.500Z',
  time: 233.9,
  request: {
    method: 'GET',
    url: 'https://shop.example.com/cart',
    httpVersion: 'HTTP/1.1',
    headers: [
      h('Host', 'shop.example.com'),
      h('Connection', 'keep-alive'),
      h('Upgrade-Insecure-Requests', '1'),
      h('User-Agent', UA),
      h('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'),
      h('Sec-Fetch-Dest', 'document'),
      h('Accept-Encoding', 'gzip, deflate, br, zstd'),
      h('Cookie', 'session=abc123; theme=dark'),
    ],
  },
  response: { status: 200, statusText: 'OK', content: { size: 18204, mimeType: 'text/html' }, bodySize: 5120 },
  _resourceType: 'document',
};

// A classic HTML form post (Chrome reports both the text and the params).
const formPost: HarEntryLike = {
  startedDateTime: '2024-05-02T10:17:00.000Z',
  time: 45,
  request: {
    method: 'POST',
    url: 'https://shop.example.com/search',
    headers: [
      h('Host', 'shop.example.com'),
      h('Content-Length', '26'),
      h('Content-Type', 'application/x-www-form-urlencoded'),
      h('Origin', 'https://shop.example.com'),
    ],
    postData: {
      mimeType: 'application/x-www-form-urlencoded',
      text: 'q=caf%C3%A9+au+lait&page=2',
      params: [
        { name: 'q', value: 'caf%C3%A9+au+lait' },
        { name: 'page', value: '2' },
      ],
    },
  },
  response: { status: 303, statusText: 'See Other', content: { size: 0 }, _transferSize: 240 },
  _resourceType: 'document',
};

// HTTP/2: pseudo-headers first, lower-case names.
const http2Put: HarEntryLike = {
  startedDateTime: '2024-05-02T10:18:00.000Z',
  time: 31.5,
  request: {
    method: 'PUT',
    url: 'https://api.example.com/v1/profile',
    httpVersion: 'http/2.0',
    headers: [
      h(':authority', 'api.example.com'),
      h(':method', 'PUT'),
      h(':path', '/v1/profile'),
      h(':scheme', 'https'),
      h('accept', 'application/json, text/plain, */*'),
      h('content-length', '16'),
      h('content-type', 'application/json;charset=UTF-8'),
      h('x-requested-with', 'XMLHttpRequest'),
      h('priority', 'u=1, i'),
    ],
    postData: { mimeType: 'application/json;charset=UTF-8', text: '{"name":"Ada L"}' },
  },
  response: { status: 204, statusText: '', content: { size: 0, mimeType: 'x-unknown' }, _transferSize: 98 },
  _resourceType: 'xhr',
};

// Nothing answered.
const failed: HarEntryLike = {
  startedDateTime: '2024-05-02T10:19:00.000Z',
  time: 3.2,
  request: {
    method: 'GET',
    url: 'http://localhost:9999/health',
    headers: [h('Accept', '*/*')],
  },
  response: {
    status: 0,
    statusText: '',
    content: { size: 0, mimeType: 'x-unknown' },
    bodySize: -1,
    _transferSize: 0,
    _error: 'net::ERR_CONNECTION_REFUSED',
  },
  _resourceType: 'fetch',
};

// Firefox: no _resourceType, and the fields of a form as params without the text.
const firefoxForm: HarEntryLike = {
  startedDateTime: '2024-05-02T12:00:00.000+02:00',
  time: 52,
  request: {
    method: 'POST',
    url: 'https://shop.example.com/subscribe',
    httpVersion: 'HTTP/2',
    headers: [
      h('Host', 'shop.example.com'),
      h('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0'),
      h('Content-Type', 'application/x-www-form-urlencoded'),
      h('Content-Length', '38'),
      h('Sec-Fetch-Dest', 'document'),
      h('TE', 'trailers'),
    ],
    postData: {
      mimeType: 'application/x-www-form-urlencoded',
      params: [
        { name: 'email', value: 'ada@example.com' },
        { name: 'lists', value: 'news & offers' },
      ],
    },
  },
  response: {
    status: 200,
    statusText: 'OK',
    content: { size: 2048, mimeType: 'text/html; charset=utf-8' },
    bodySize: 2048,
  },
};

const firefoxMultipart: HarEntryLike = {
  request: {
    method: 'POST',
    url: 'https://files.example.com/upload',
    headers: [h('Content-Type', 'multipart/form-data; boundary=---------------------------1234')],
    postData: {
      mimeType: 'multipart/form-data',
      params: [
        { name: 'title', value: 'Q1' },
        { name: 'file', value: 'a,b\n', fileName: 'report.txt', contentType: 'text/plain' },
        { name: 'photo', fileName: 'cat.png', contentType: 'image/png' },
      ],
    },
  },
};

/** Parses the command with the project's own parser and returns the wire request curl would send. */
function wireOf(command: string) {
  const parsed = parseCurl(command);
  expect(parsed.requests).toHaveLength(1);
  const wire = toWireRequest(parsed.requests[0]!, { curlDefaults: false });
  return { method: wire.method, url: wire.url, headers: wire.headers, body: new TextDecoder().decode(wire.body) };
}

const byteLength = (text: string) => String(new TextEncoder().encode(text).length);

describe('capturedFrom', () => {
  it('summarises a JSON POST', () => {
    expect(capturedFrom(jsonPost, 'c1')).toEqual({
      id: 'c1',
      method: 'POST',
      url: 'https://api.example.com/v1/orders?debug=1',
      status: 201,
      statusText: 'Created',
      type: 'fetch',
      size: 312,
      timeMs: 84.25,
      startedAt: Date.UTC(2024, 4, 2, 10, 15, 30, 123),
      entry: jsonPost,
    });
  });

  it('falls back from the transferred size to the content size, then the body size', () => {
    expect(capturedFrom(multipartUpload, 'x').size).toBe(17);
    expect(capturedFrom(documentGet, 'x').size).toBe(18204);
    const noContent = { ...documentGet, response: { status: 200, content: { size: -1 }, bodySize: 77 } };
    expect(capturedFrom(noContent, 'x').size).toBe(77);
    const unknown = { ...documentGet, response: { status: 200, content: {}, bodySize: -1, _transferSize: -1 } };
    expect(capturedFrom(unknown, 'x').size).toBeNull();
  });

  it('reports a failed request as status 0 with the error as its text', () => {
    const c = capturedFrom(failed, 'c6');
    expect([c.status, c.statusText, c.type, c.size, c.timeMs]).toEqual([
      0,
      'net::ERR_CONNECTION_REFUSED',
      'fetch',
      0,
      3.2,
    ]);
    // An error wins even over a status.
    expect(capturedFrom({ ...failed, response: { status: 200, _error: 'net::ERR_ABORTED' } }, 'x').status).toBe(0);
  });

  it('copes with missing or odd response, time and date', () => {
    const bare: HarEntryLike = { request: { method: 'GET', url: 'https://a.example/', headers: [] } };
    expect(capturedFrom(bare, 'b')).toEqual({
      id: 'b',
      method: 'GET',
      url: 'https://a.example/',
      status: 0,
      statusText: '',
      type: 'other',
      size: null,
      timeMs: null,
      startedAt: null,
      entry: bare,
    });
    const odd = { ...bare, time: -1, startedDateTime: 'yesterday', response: { status: Number.NaN } };
    expect(capturedFrom(odd, 'o')).toMatchObject({ status: 0, timeMs: null, startedAt: null });
    const noHeaders = { request: { method: 'GET', url: 'https://a.example/' } } as unknown as HarEntryLike;
    expect(capturedFrom(noHeaders, 'n').type).toBe('other');
  });

  it.each([
    ['fetch', 'fetch'],
    ['XHR', 'xhr'],
    ['document', 'document'],
    ['script', 'script'],
    ['stylesheet', 'stylesheet'],
    ['image', 'image'],
    ['font', 'font'],
    ['media', 'media'],
    ['websocket', 'websocket'],
    ['ping', 'other'],
    ['preflight', 'other'],
    ['eventsource', 'other'],
    ['manifest', 'other'],
    ['texttrack', 'other'],
    ['wasm', 'other'],
    ['other', 'other'],
  ])('maps Chrome\'s "%s" to %s', (resourceType, type) => {
    // The response type must not matter when Chrome names the type.
    const entry = { ...documentGet, _resourceType: resourceType };
    expect(capturedFrom(entry, 'x').type).toBe(type);
  });

  const firefox = (method: string, url: string, headers: HarHeader[], mimeType?: string): HarEntryLike => ({
    request: { method, url, headers },
    response: { status: 200, content: mimeType === undefined ? {} : { mimeType } },
  });
  it.each([
    ['a wss: URL', firefox('GET', 'wss://chat.example.com/socket', []), 'websocket'],
    ['an Upgrade header', firefox('GET', 'https://a.example/s', [h('Upgrade', 'websocket')]), 'websocket'],
    [
      'Sec-Fetch-Dest: empty',
      firefox('GET', 'https://a.example/x', [h('Sec-Fetch-Dest', 'empty')], 'text/html'),
      'fetch',
    ],
    [
      'Sec-Fetch-Dest: empty with X-Requested-With',
      firefox('GET', 'https://a.example/x', [h('Sec-Fetch-Dest', 'empty'), h('X-Requested-With', 'XMLHttpRequest')]),
      'xhr',
    ],
    ['Sec-Fetch-Dest: iframe', firefox('GET', 'https://a.example/f', [h('Sec-Fetch-Dest', 'iframe')]), 'document'],
    ['Sec-Fetch-Dest: style', firefox('GET', 'https://a.example/s', [h('Sec-Fetch-Dest', 'style')]), 'stylesheet'],
    ['Sec-Fetch-Dest: video', firefox('GET', 'https://a.example/v', [h('Sec-Fetch-Dest', 'video')]), 'media'],
    ['Sec-Fetch-Dest: track', firefox('GET', 'https://a.example/t', [h('Sec-Fetch-Dest', 'track')]), 'other'],
    [
      'X-Requested-With',
      firefox('GET', 'http://a.example/p', [h('x-requested-with', 'XMLHttpRequest')], 'text/html'),
      'xhr',
    ],
    ['an HTML response', firefox('GET', 'http://a.example/', [], 'text/html; charset=utf-8'), 'document'],
    ['a form POST answered with HTML', firefox('POST', 'http://a.example/', [], 'text/html'), 'document'],
    ['a script', firefox('GET', 'http://a.example/a.js', [], 'application/javascript'), 'script'],
    ['a stylesheet', firefox('GET', 'http://a.example/a.css', [], 'text/css'), 'stylesheet'],
    ['an image', firefox('GET', 'http://a.example/a.svg', [], 'image/svg+xml'), 'image'],
    ['a font', firefox('GET', 'http://a.example/a.woff2', [], 'font/woff2'), 'font'],
    ['an old font type', firefox('GET', 'http://a.example/a.woff', [], 'application/font-woff'), 'font'],
    ['audio', firefox('GET', 'http://a.example/a.mp3', [], 'audio/mpeg'), 'media'],
    ['JSON', firefox('GET', 'http://a.example/api', [], 'application/problem+json'), 'fetch'],
    ['XML', firefox('GET', 'http://a.example/feed', [], 'text/xml'), 'fetch'],
    ['plain text', firefox('GET', 'http://a.example/t', [], 'text/plain'), 'fetch'],
    ['a DELETE without a body', firefox('DELETE', 'http://a.example/i/1', []), 'fetch'],
    ['a GET of something else', firefox('GET', 'http://a.example/f.zip', [], 'application/zip'), 'other'],
  ])('infers the type of a Firefox entry from %s', (_name, entry, type) => {
    expect(capturedFrom(entry, 'x').type).toBe(type);
  });
});

describe('matchesCaptured', () => {
  const rows: CapturedRequest[] = [
    capturedFrom(jsonPost, '1'),
    capturedFrom(multipartUpload, '2'),
    capturedFrom(documentGet, '3'),
    capturedFrom(failed, '4'),
    capturedFrom(http2Put, '5'),
  ];
  const ids = (filter: CapturedFilter) => rows.filter((r) => matchesCaptured(r, filter)).map((r) => r.id);

  it('filters by type, fetch-xhr meaning both', () => {
    expect(ids({ text: '', type: 'all' })).toEqual(['1', '2', '3', '4', '5']);
    expect(ids({ text: '', type: 'fetch-xhr' })).toEqual(['1', '2', '4', '5']);
    expect(ids({ text: '', type: 'xhr' })).toEqual(['2', '5']);
    expect(ids({ text: '', type: 'document' })).toEqual(['3']);
    expect(ids({ text: '', type: 'image' })).toEqual([]);
  });

  it('matches text in the URL, the method or the status code, ignoring case', () => {
    expect(ids({ text: 'API.EXAMPLE', type: 'all' })).toEqual(['1', '5']);
    expect(ids({ text: 'put', type: 'all' })).toEqual(['5']);
    expect(ids({ text: '20', type: 'all' })).toEqual(['1', '2', '3', '5']);
    expect(ids({ text: '201', type: 'all' })).toEqual(['1']);
    expect(ids({ text: '  upload ', type: 'all' })).toEqual(['2']);
    expect(ids({ text: 'cart', type: 'fetch-xhr' })).toEqual([]);
  });
});

describe('importFromHar', () => {
  it('keeps the JSON POST as sent, without Host, Connection and Content-Length', () => {
    expect(importFromHar(jsonPost)).toEqual({
      request: {
        method: 'POST',
        url: 'https://api.example.com/v1/orders?debug=1',
        headers: [
          h('Accept', 'application/json'),
          h('Content-Type', 'application/json'),
          h('Cookie', 'session=abc123; theme=dark'),
          h('Origin', 'https://shop.example.com'),
          h('Referer', 'https://shop.example.com/cart'),
          h('User-Agent', UA),
          h('X-Request-Id', '7f3c9a2e-41d0-4b8e-9d55-0c2f7e1b6a90'),
        ],
        body: JSON_BODY,
      },
      notes: [],
    });
  });

  it('turns a FormData upload into parts and drops its Content-Type with the old boundary', () => {
    expect(importFromHar(multipartUpload)).toEqual({
      request: {
        method: 'POST',
        url: 'https://files.example.com/upload',
        headers: [h('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig'), h('Accept', '*/*')],
      },
      notes: [],
      parts: [
        { name: 'title', value: 'Q1 report' },
        {
          name: 'file',
          value: 'revenue,42\nmargin,7\n',
          fileName: 'report.txt',
          contentType: 'text/plain',
          inline: true,
        },
      ],
    });
  });

  it('keeps a GET with its cookies and no body', () => {
    expect(importFromHar(documentGet)).toEqual({
      request: {
        method: 'GET',
        url: 'https://shop.example.com/cart',
        headers: [
          h('Upgrade-Insecure-Requests', '1'),
          h('User-Agent', UA),
          h('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'),
          h('Sec-Fetch-Dest', 'document'),
          h('Accept-Encoding', 'gzip, deflate, br, zstd'),
          h('Cookie', 'session=abc123; theme=dark'),
        ],
      },
      notes: [],
    });
  });

  it('keeps a urlencoded form as its text', () => {
    expect(importFromHar(formPost)).toEqual({
      request: {
        method: 'POST',
        url: 'https://shop.example.com/search',
        headers: [h('Content-Type', 'application/x-www-form-urlencoded'), h('Origin', 'https://shop.example.com')],
        body: 'q=caf%C3%A9+au+lait&page=2',
      },
      notes: [],
    });
  });

  it('drops HTTP/2 pseudo-headers and keeps the rest in order and case', () => {
    expect(importFromHar(http2Put)).toEqual({
      request: {
        method: 'PUT',
        url: 'https://api.example.com/v1/profile',
        headers: [
          h('accept', 'application/json, text/plain, */*'),
          h('content-type', 'application/json;charset=UTF-8'),
          h('x-requested-with', 'XMLHttpRequest'),
          h('priority', 'u=1, i'),
        ],
        body: '{"name":"Ada L"}',
      },
      notes: [],
    });
  });

  it('rebuilds a urlencoded body from Firefox params', () => {
    expect(importFromHar(firefoxForm)).toEqual({
      request: {
        method: 'POST',
        url: 'https://shop.example.com/subscribe',
        headers: [
          h('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0'),
          h('Content-Type', 'application/x-www-form-urlencoded'),
          h('Sec-Fetch-Dest', 'document'),
        ],
        body: 'email=ada%40example.com&lists=news+%26+offers',
      },
      notes: [],
    });
  });

  it('turns multipart params into parts, noting a file whose content was not reported', () => {
    expect(importFromHar(firefoxMultipart)).toEqual({
      request: { method: 'POST', url: 'https://files.example.com/upload', headers: [] },
      notes: ['The file "cat.png" (field "photo"): DevTools did not report its content: choose the file again.'],
      parts: [
        { name: 'title', value: 'Q1' },
        { name: 'file', value: 'a,b\n', fileName: 'report.txt', contentType: 'text/plain', inline: true },
        { name: 'photo', value: '', fileName: 'cat.png', contentType: 'image/png' },
      ],
    });
  });

  it('keeps a multipart body it cannot split as text, with its Content-Type and a note', () => {
    const cut = MULTIPART_TEXT.slice(0, MULTIPART_TEXT.indexOf(`--${WEBKIT}--`));
    const entry = { ...multipartUpload, request: { ...multipartUpload.request, postData: { text: cut } } };
    const result = importFromHar(entry);
    expect(result.parts).toBeUndefined();
    expect(result.request.body).toBe(cut);
    expect(result.request.headers[0]).toEqual(h('Content-Type', `multipart/form-data; boundary=${WEBKIT}`));
    expect(result.notes).toEqual([
      'The multipart body could not be split into fields (part 2 is not followed by a delimiter (the body is cut short)): it is kept as text with its original Content-Type.',
    ]);

    const noBoundary: HarEntryLike = {
      request: {
        method: 'POST',
        url: 'https://a.example/',
        headers: [h('Content-Type', 'multipart/form-data')],
        postData: { text: 'x' },
      },
    };
    expect(importFromHar(noBoundary)).toEqual({
      request: {
        method: 'POST',
        url: 'https://a.example/',
        headers: [h('Content-Type', 'multipart/form-data')],
        body: 'x',
      },
      notes: [
        'The multipart body could not be split into fields (its Content-Type names no boundary): it is kept as text with its original Content-Type.',
      ],
    });
  });

  it('finds the boundary in the postData type when the headers lack a Content-Type', () => {
    const entry: HarEntryLike = {
      request: {
        method: 'POST',
        url: 'https://files.example.com/upload',
        headers: [h('Accept', '*/*')],
        postData: { mimeType: `multipart/form-data; boundary=${WEBKIT}`, text: MULTIPART_TEXT },
      },
    };
    const result = importFromHar(entry);
    expect(result.request.headers).toEqual([h('Accept', '*/*')]);
    expect(result.parts?.map((p) => p.name)).toEqual(['title', 'file']);
  });

  it('notes bodies that look binary, naming the part', () => {
    const binary: HarEntryLike = {
      request: {
        method: 'POST',
        url: 'https://a.example/bin',
        headers: [h('Content-Type', 'application/octet-stream')],
        postData: { text: 'PK\u0003\u0004\uFFFD\uFFFD' },
      },
    };
    expect(importFromHar(binary).notes).toEqual([BINARY_NOTE]);
    const withNul = { ...binary, request: { ...binary.request, postData: { text: 'a\u0000b' } } };
    expect(importFromHar(withNul).notes).toEqual([BINARY_NOTE]);

    const image = MULTIPART_TEXT.replace('revenue,42\nmargin,7\n', '\uFFFDPNG\r\n\u001a\n');
    const upload = { ...multipartUpload, request: { ...multipartUpload.request, postData: { text: image } } };
    expect(importFromHar(upload).notes).toEqual([
      'The file "report.txt" (field "file"): DevTools reports binary bodies as text: bytes that were not valid text may differ.',
    ]);
  });

  it('notes a body DevTools did not report', () => {
    const entry: HarEntryLike = {
      request: {
        method: 'PATCH',
        url: 'https://a.example/big',
        headers: [h('Content-Type', 'application/octet-stream'), h('Content-Length', '73400320')],
      },
    };
    expect(importFromHar(entry)).toEqual({
      request: {
        method: 'PATCH',
        url: 'https://a.example/big',
        headers: [h('Content-Type', 'application/octet-stream')],
      },
      notes: [MISSING_BODY_NOTE],
    });
    const emptyText = { request: { ...entry.request, postData: { mimeType: 'application/octet-stream', text: '' } } };
    expect(importFromHar(emptyText).notes).toEqual([MISSING_BODY_NOTE]);
    const empty = { request: { ...entry.request, headers: [h('Content-Length', '0')] } };
    expect(importFromHar(empty).notes).toEqual([]);
  });

  it('ignores a body on GET and HEAD', () => {
    const entry: HarEntryLike = {
      request: { method: 'HEAD', url: 'https://a.example/', headers: [], postData: { text: 'ignored' } },
    };
    expect(importFromHar(entry)).toEqual({
      request: { method: 'HEAD', url: 'https://a.example/', headers: [] },
      notes: [],
    });
  });

  it('adds the postData type when the headers lack a Content-Type', () => {
    const entry: HarEntryLike = {
      request: {
        method: 'POST',
        url: 'https://a.example/',
        headers: [h('Accept', '*/*')],
        postData: { mimeType: 'text/plain;charset=UTF-8', text: 'ping' },
      },
    };
    expect(importFromHar(entry).request).toEqual({
      method: 'POST',
      url: 'https://a.example/',
      headers: [h('Accept', '*/*'), h('Content-Type', 'text/plain;charset=UTF-8')],
      body: 'ping',
    });
  });

  it('skips malformed header items instead of failing', () => {
    const entry = {
      request: {
        method: 'GET',
        url: 'https://a.example/',
        headers: [null, { value: 'no name' }, { name: 'X-Num', value: 5 }, { name: 'X-Null', value: null }],
      },
    } as unknown as HarEntryLike;
    expect(importFromHar(entry).request.headers).toEqual([h('X-Num', '5'), h('X-Null', '')]);
  });
});

describe('curlFromHar', () => {
  it('JSON POST: parses back to the same method, URL, headers and body', () => {
    const command = curlFromHar(jsonPost);
    expect(wireOf(command)).toEqual({
      method: 'POST',
      url: 'https://api.example.com/v1/orders?debug=1',
      headers: [...importFromHar(jsonPost).request.headers, h('Content-Length', byteLength(JSON_BODY))],
      body: JSON_BODY,
    });
  });

  it('multipart upload: sends the body text as is, with its Content-Type and boundary', () => {
    expect(wireOf(curlFromHar(multipartUpload))).toEqual({
      method: 'POST',
      url: 'https://files.example.com/upload',
      headers: [
        h('Content-Type', `multipart/form-data; boundary=${WEBKIT}`),
        h('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig'),
        h('Accept', '*/*'),
        h('Content-Length', byteLength(MULTIPART_TEXT)),
      ],
      body: MULTIPART_TEXT,
    });
  });

  it('GET with cookies', () => {
    const command = curlFromHar(documentGet);
    expect(command).toBe(
      [
        'curl https://shop.example.com/cart \\',
        "  -H 'Upgrade-Insecure-Requests: 1' \\",
        `  -H 'User-Agent: ${UA}' \\`,
        "  -H 'Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' \\",
        "  -H 'Sec-Fetch-Dest: document' \\",
        "  -H 'Accept-Encoding: gzip, deflate, br, zstd' \\",
        "  -H 'Cookie: session=abc123; theme=dark'",
      ].join('\n'),
    );
    expect(wireOf(command)).toEqual({
      method: 'GET',
      url: 'https://shop.example.com/cart',
      headers: importFromHar(documentGet).request.headers,
      body: '',
    });
  });

  it('urlencoded form', () => {
    expect(wireOf(curlFromHar(formPost))).toEqual({
      method: 'POST',
      url: 'https://shop.example.com/search',
      headers: [
        h('Content-Type', 'application/x-www-form-urlencoded'),
        h('Origin', 'https://shop.example.com'),
        h('Content-Length', '26'),
      ],
      body: 'q=caf%C3%A9+au+lait&page=2',
    });
  });

  it('HTTP/2 PUT: no pseudo-headers, the method kept', () => {
    const command = curlFromHar(http2Put);
    expect(command).not.toContain(':authority');
    expect(wireOf(command)).toEqual({
      method: 'PUT',
      url: 'https://api.example.com/v1/profile',
      headers: [...importFromHar(http2Put).request.headers, h('Content-Length', '16')],
      body: '{"name":"Ada L"}',
    });
  });

  it('failed request: still the request that was attempted', () => {
    expect(curlFromHar(failed)).toBe("curl http://localhost:9999/health -H 'Accept: */*'");
  });

  it('Firefox form params: the body encoded as a browser does', () => {
    const body = 'email=ada%40example.com&lists=news+%26+offers';
    expect(wireOf(curlFromHar(firefoxForm))).toEqual({
      method: 'POST',
      url: 'https://shop.example.com/subscribe',
      headers: [...importFromHar(firefoxForm).request.headers, h('Content-Length', byteLength(body))],
      body,
    });
  });

  it('Firefox multipart params: rebuilt with a fixed boundary and a matching Content-Type', () => {
    const boundary = '----HttpWorkbenchFormBoundary';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="title"',
      '',
      'Q1',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="report.txt"',
      'Content-Type: text/plain',
      '',
      'a,b\n',
      `--${boundary}`,
      'Content-Disposition: form-data; name="photo"; filename="cat.png"',
      'Content-Type: image/png',
      '',
      '',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    expect(wireOf(curlFromHar(firefoxMultipart))).toEqual({
      method: 'POST',
      url: 'https://files.example.com/upload',
      headers: [h('Content-Type', `multipart/form-data; boundary=${boundary}`), h('Content-Length', byteLength(body))],
      body,
    });
  });

  it('picks another boundary when a value contains the fixed one', () => {
    const entry: HarEntryLike = {
      request: {
        method: 'POST',
        url: 'https://a.example/',
        headers: [],
        postData: { mimeType: 'multipart/form-data', params: [{ name: 'a', value: '----HttpWorkbenchFormBoundary' }] },
      },
    };
    const wire = wireOf(curlFromHar(entry));
    expect(wire.headers[0]).toEqual(h('Content-Type', 'multipart/form-data; boundary=----HttpWorkbenchFormBoundary1'));
    expect(wire.body.startsWith('------HttpWorkbenchFormBoundary1\r\n')).toBe(true);
  });

  it('a body without a type goes out without one', () => {
    const entry: HarEntryLike = {
      request: { method: 'POST', url: 'https://a.example/', headers: [], postData: { text: 'raw' } },
    };
    expect(wireOf(curlFromHar(entry))).toEqual({
      method: 'POST',
      url: 'https://a.example/',
      headers: [h('Content-Length', '3')],
      body: 'raw',
    });
  });
});
