import { describe, expect, it } from 'vitest';
import { checkRequest, checkUrl, methodAllowsBody } from '../../src/core/http/request.ts';

describe('checkUrl', () => {
  it('accepts http and https URLs', () => {
    expect(checkUrl('https://api.example.com/items?q=a%20b')).toMatchObject({ ok: true });
    expect(checkUrl('  http://127.0.0.1:8080/  ')).toMatchObject({ ok: true });
  });

  it('hints at the protocol when it is missing', () => {
    expect(checkUrl('api.example.com/items')).toEqual({
      ok: false,
      message: 'The URL needs a protocol: write http://api.example.com/items or https://api.example.com/items.',
    });
    expect(checkUrl('localhost:3000/x')).toMatchObject({
      ok: false,
      message: expect.stringContaining('needs a protocol'),
    });
  });

  it('names an unsupported protocol', () => {
    expect(checkUrl('ftp://files.example.com/a')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"ftp:"'),
    });
  });

  it('says when the URL is empty or malformed', () => {
    expect(checkUrl('')).toMatchObject({ ok: false, message: expect.stringContaining('Enter a URL') });
    expect(checkUrl('http://exa mple.com/')).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a valid URL'),
    });
  });
});

describe('checkRequest', () => {
  const base = { method: 'GET', url: 'https://example.com/', headers: [] };
  it('accepts custom method tokens and names bad ones', () => {
    expect(checkRequest({ ...base, method: 'PROPFIND' })).toEqual({ ok: true });
    expect(checkRequest({ ...base, method: 'GET ME' })).toMatchObject({ ok: false, field: 'method' });
  });
  it('points at the bad header by position', () => {
    const result = checkRequest({
      ...base,
      headers: [
        { name: 'X-Ok', value: '1' },
        { name: 'Bad Name', value: '2' },
      ],
    });
    expect(result).toEqual({
      ok: false,
      field: 'headers',
      message: 'Header 2: "Bad Name" is not a valid header name.',
    });
    expect(checkRequest({ ...base, headers: [{ name: 'X', value: 'a\r\nInjected: 1' }] })).toMatchObject({
      ok: false,
      field: 'headers',
    });
  });
  it('knows which methods carry no body', () => {
    expect(methodAllowsBody('get')).toBe(false);
    expect(methodAllowsBody('HEAD')).toBe(false);
    expect(methodAllowsBody('POST')).toBe(true);
  });
});
