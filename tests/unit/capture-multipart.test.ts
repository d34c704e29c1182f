import { describe, expect, it } from 'vitest';
import { boundaryOf, buildMultipart, parseMultipart, readMultipart } from '../../src/core/capture/multipart.ts';

const B = '----WebKitFormBoundaryX3bY4Ue1Zq9PmN0a';
const crlf = (lines: string[]) => lines.join('\r\n');

describe('boundaryOf', () => {
  it('reads a token or a quoted boundary, whatever the parameter case and order', () => {
    expect(boundaryOf(`multipart/form-data; boundary=${B}`)).toBe(B);
    expect(boundaryOf('multipart/form-data; charset=utf-8; BOUNDARY="a b;c"')).toBe('a b;c');
    expect(boundaryOf('multipart/form-data;boundary=xyz ')).toBe('xyz');
    expect(boundaryOf('multipart/form-data; boundary="q\\"x"')).toBe('q"x');
  });

  it('is null without a boundary, with an empty one or an unclosed quote', () => {
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary=')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary=""')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary="abc')).toBeNull();
    expect(boundaryOf('')).toBeNull();
  });
});

describe('parseMultipart', () => {
  it('splits a browser FormData body into a text field and a file', () => {
    const body = crlf([
      `--${B}`,
      'Content-Disposition: form-data; name="title"',
      '',
      'Q1 report',
      `--${B}`,
      'Content-Disposition: form-data; name="file"; filename="report.txt"',
      'Content-Type: text/plain',
      '',
      'line 1\r\nline 2\n',
      `--${B}--`,
      '',
    ]);
    expect(parseMultipart(body, B)).toEqual([
      { name: 'title', value: 'Q1 report' },
      { name: 'file', value: 'line 1\r\nline 2\n', fileName: 'report.txt', contentType: 'text/plain' },
    ]);
  });

  it('reads unquoted names, escaped quotes, percent-encoded quotes and line breaks', () => {
    const body = crlf([
      '--b',
      'Content-Disposition: form-data; name=plain',
      '',
      'one',
      '--b',
      'content-disposition: FORM-DATA; name="say \\"hi\\""',
      '',
      'two',
      '--b',
      'Content-Disposition: form-data; name="a%22b%0D%0Ac"; filename="x%22y.txt"',
      '',
      'three',
      '--b',
      'Content-Disposition: form-data; name="win"; filename="C:\\dir\\f.txt"',
      '',
      'four',
      '--b--',
    ]);
    expect(parseMultipart(body, 'b')).toEqual([
      { name: 'plain', value: 'one' },
      { name: 'say "hi"', value: 'two' },
      { name: 'a"b\r\nc', value: 'three', fileName: 'x"y.txt' },
      { name: 'win', value: 'four', fileName: 'C:\\dir\\f.txt' },
    ]);
  });

  it('decodes filename* (UTF-8 and ISO-8859-1) in preference to filename', () => {
    const body = crlf([
      '--b',
      `Content-Disposition: form-data; name="doc"; filename="rates.txt"; filename*=UTF-8''%E2%82%AC%20rates.txt`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      '1.08',
      '--b',
      `Content-Disposition: form-data; name="old"; filename*=iso-8859-1'de'gr%FC%DFe.txt`,
      '',
      'x',
      '--b',
      `Content-Disposition: form-data; name="bad"; filename*=UTF-8''%E2%82`,
      '',
      'y',
      '--b--',
    ]);
    expect(parseMultipart(body, 'b')).toEqual([
      { name: 'doc', value: '1.08', fileName: '€ rates.txt', contentType: 'text/plain; charset=utf-8' },
      { name: 'old', value: 'x', fileName: 'grüße.txt' },
      // Undecodable: the raw text, rather than nothing.
      { name: 'bad', value: 'y', fileName: "UTF-8''%E2%82" },
    ]);
  });

  it('tolerates LF-only line breaks, a preamble, an epilogue and padding after a delimiter', () => {
    const body = [
      'This is the preamble.',
      '--b  ',
      'Content-Disposition: form-data; name="a"',
      '',
      'x\ny',
      '--b',
      'Content-Disposition: form-data;',
      ' name="folded"',
      '',
      'z',
      '--b--',
      'epilogue',
    ].join('\n');
    expect(parseMultipart(body, 'b')).toEqual([
      { name: 'a', value: 'x\ny' },
      { name: 'folded', value: 'z' },
    ]);
  });

  it('keeps an empty file, an empty value and an empty name', () => {
    const body = crlf([
      '--b',
      'Content-Disposition: form-data; name="upload"; filename="empty.txt"',
      'Content-Type: text/plain',
      '',
      '',
      '--b',
      'Content-Disposition: form-data; name="none"; filename=""',
      'Content-Type: application/octet-stream',
      '',
      '',
      '--b',
      'Content-Disposition: form-data; name=""',
      '',
      '',
      '--b--',
      '',
    ]);
    expect(parseMultipart(body, 'b')).toEqual([
      { name: 'upload', value: '', fileName: 'empty.txt', contentType: 'text/plain' },
      { name: 'none', value: '', fileName: '', contentType: 'application/octet-stream' },
      { name: '', value: '' },
    ]);
  });

  it('keeps lines with "--" or the boundary as a prefix inside values', () => {
    const body = crlf([
      '--b',
      'Content-Disposition: form-data; name="note"',
      '',
      'a -- b',
      '--',
      '--bb is not the boundary',
      '--b-- neither, mid-line',
      'x--b',
      '--b',
      'Content-Disposition: form-data; name="next"',
      '',
      'ok',
      '--b--',
    ]);
    expect(parseMultipart(body, 'b')).toEqual([
      { name: 'note', value: 'a -- b\r\n--\r\n--bb is not the boundary\r\n--b-- neither, mid-line\r\nx--b' },
      { name: 'next', value: 'ok' },
    ]);
  });

  it('reads a body with no parts', () => {
    expect(parseMultipart('--b--\r\n', 'b')).toEqual([]);
  });

  it.each([
    [
      'no closing delimiter',
      crlf(['--b', 'Content-Disposition: form-data; name="a"', '', 'x']),
      'part 1 is not followed',
    ],
    [
      'a part without a name',
      crlf(['--b', 'Content-Disposition: form-data; filename="f"', '', 'x', '--b--']),
      'part 1 has no name',
    ],
    [
      'no Content-Disposition',
      crlf(['--b', 'Content-Type: text/plain', '', 'x', '--b--']),
      'part 1 has no Content-Disposition',
    ],
    [
      'not form-data',
      crlf(['--b', 'Content-Disposition: attachment; name="a"', '', 'x', '--b--']),
      'part 1: its Content-Disposition is "attachment"',
    ],
    [
      'headers without a blank line',
      crlf(['--b', 'Content-Disposition: form-data; name="a"', '--b--']),
      'part 1: its headers are not followed',
    ],
    ['a line that is not a header', crlf(['--b', 'no colon here', '', 'x', '--b--']), 'part 1: "no colon here" is not'],
    [
      'an unclosed quote',
      crlf(['--b', 'Content-Disposition: form-data; name="a', '', 'x', '--b--']),
      'part 1: its Content-Disposition has an unclosed',
    ],
    [
      'another boundary',
      crlf(['--other', 'Content-Disposition: form-data; name="a"', '', 'x', '--other--']),
      'does not occur',
    ],
    ['an empty body', '', 'does not occur'],
    [
      'a bad second part',
      crlf(['--b', 'Content-Disposition: form-data; name="a"', '', 'x', '--b', 'Content-Type: a/b', '', 'y', '--b--']),
      'part 2 has no Content-Disposition',
    ],
  ])('is null for %s, and says why', (_name, body, reason) => {
    expect(parseMultipart(body, 'b')).toBeNull();
    const result = readMultipart(body, 'b');
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toContain(reason);
  });

  it('refuses an empty boundary', () => {
    expect(readMultipart('----\r\n', '')).toEqual({ ok: false, error: 'the boundary is empty' });
  });
});

describe('buildMultipart', () => {
  it('writes the body a browser would, which parses back to the same parts', () => {
    const parts = [
      { name: 'title', value: 'Q1 "final"' },
      { name: 'say "hi"\n', value: '' },
      { name: 'file', value: 'line 1\n', fileName: 'report.txt', contentType: 'text/plain' },
      { name: 'blob', value: '', fileName: 'a"b' },
    ];
    const body = buildMultipart(parts, 'XyZ');
    expect(body).toBe(
      crlf([
        '--XyZ',
        'Content-Disposition: form-data; name="title"',
        '',
        'Q1 "final"',
        '--XyZ',
        'Content-Disposition: form-data; name="say %22hi%22%0A"',
        '',
        '',
        '--XyZ',
        'Content-Disposition: form-data; name="file"; filename="report.txt"',
        'Content-Type: text/plain',
        '',
        'line 1\n',
        '--XyZ',
        'Content-Disposition: form-data; name="blob"; filename="a%22b"',
        'Content-Type: application/octet-stream',
        '',
        '',
        '--XyZ--',
        '',
      ]),
    );
    expect(parseMultipart(body, 'XyZ')).toEqual([
      parts[0],
      parts[1],
      parts[2],
      { name: 'blob', value: '', fileName: 'a"b', contentType: 'application/octet-stream' },
    ]);
  });
});
