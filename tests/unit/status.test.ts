import { describe, expect, it } from 'vitest';
import { knownStatusCodes, reasonPhrase, statusClassOf, statusInfo } from '../../src/core/http/status.ts';

describe('status reference', () => {
  it.each([
    [200, 'OK', 'success'],
    [201, 'Created', 'success'],
    [204, 'No Content', 'success'],
    [301, 'Moved Permanently', 'redirection'],
    [304, 'Not Modified', 'redirection'],
    [308, 'Permanent Redirect', 'redirection'],
    [400, 'Bad Request', 'client-error'],
    [404, 'Not Found', 'client-error'],
    [413, 'Content Too Large', 'client-error'],
    [422, 'Unprocessable Content', 'client-error'],
    [429, 'Too Many Requests', 'client-error'],
    [500, 'Internal Server Error', 'server-error'],
    [503, 'Service Unavailable', 'server-error'],
    [511, 'Network Authentication Required', 'server-error'],
    [101, 'Switching Protocols', 'informational'],
  ])('%i is "%s" (%s)', (code, reason, statusClass) => {
    const info = statusInfo(code);
    expect(info).toMatchObject({ code, reason, statusClass, known: true });
    expect(reasonPhrase(code)).toBe(reason);
  });

  it('explains what a code means in one line', () => {
    expect(statusInfo(429).meaning).toBe('Too many requests: slow down; see Retry-After.');
    expect(statusInfo(401).meaning).toContain('WWW-Authenticate');
    expect(statusInfo(405).meaning).toContain('Allow');
    expect(statusInfo(301).meaning).toContain('Location');
    expect(statusInfo(304).meaning).toContain('cache');
  });

  it('knows the common codes from 100 to 511, each with a single-line meaning', () => {
    const codes = knownStatusCodes();
    expect(codes[0]).toBe(100);
    expect(codes.at(-1)).toBe(511);
    for (const required of [100, 101, 200, 201, 202, 204, 206, 301, 302, 303, 304, 307, 308]) {
      expect(codes).toContain(required);
    }
    for (let code = 400; code <= 417; code++) expect(codes).toContain(code);
    for (let code = 500; code <= 505; code++) expect(codes).toContain(code);
    for (const code of codes) {
      const { meaning, reason } = statusInfo(code);
      expect(reason.length).toBeGreaterThan(1);
      expect(meaning).not.toMatch(/\n/);
      expect(meaning.length).toBeGreaterThan(10);
      expect(meaning.length).toBeLessThanOrEqual(110);
    }
    // Every registry entry is known, the reserved 306 and 418 and the temporary 104 included…
    for (const registered of [104, 306, 418]) expect(codes).toContain(registered);
    // …and codes no standard assigns are not invented.
    expect(codes).not.toContain(419);
    expect(codes).not.toContain(509);
  });

  it('classifies codes no standard names by their first digit', () => {
    expect(statusInfo(299)).toMatchObject({ reason: 'Success', statusClass: 'success', known: false });
    expect(statusInfo(299).meaning).toContain('299 is not a standard code');
    expect(statusInfo(419)).toMatchObject({ reason: 'Client Error', statusClass: 'client-error', known: false });
    expect(statusInfo(599)).toMatchObject({ reason: 'Server Error', statusClass: 'server-error', known: false });
    expect(reasonPhrase(599)).toBeUndefined();
  });

  it('refuses what is not a status code', () => {
    for (const code of [0, 99, 600, 1000, -200, 200.5, Number.NaN]) {
      expect(statusClassOf(code)).toBe('unknown');
      expect(statusInfo(code)).toMatchObject({ statusClass: 'unknown', known: false, reason: 'Unknown' });
    }
    // Inherited object keys are not codes.
    expect(reasonPhrase(Number('constructor'))).toBeUndefined();
  });
});
