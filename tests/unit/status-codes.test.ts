import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { statusInfo, vendorHintCodes } from '../../src/core/http/status.ts';
import {
  constantLines,
  matchesFilter,
  statusDeepLink,
  statusEntries,
  statusEntry,
  type StatusEntry,
} from '../../src/core/status/codes.ts';
import { parseStatusQuery, searchStatus } from '../../src/core/status/search.ts';
import { PALETTE_LIMIT, search as paletteSearch } from '../../src/ui/tools/status-codes/palette.ts';
import { statusCodes } from '../../src/ui/tools/status-codes/tool.ts';

/** RFC 4180 CSV, as IANA writes it: quoted fields may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const csv = parseCsv(readFileSync(new URL('../fixtures/iana/http-status-codes-1.csv', import.meta.url), 'utf8'));
const [header, ...registryRows] = csv;
const assigned = registryRows.filter(([, description]) => description !== 'Unassigned');
/** The unassigned rows: a range (105-199) or a single code (427). */
const ranges = registryRows
  .filter(([, description]) => description === 'Unassigned')
  .map(([value]) => {
    const [from, to = from] = value!.split('-').map(Number);
    return [from!, to!] as [number, number];
  });
const registry = new Map(
  assigned.map(([value, description, reference]) => [
    Number(value),
    { description: description!, reference: reference! },
  ]),
);

const standard = statusEntries().filter((entry) => entry.standard);
const nonStandard = statusEntries().filter((entry) => !entry.standard);
const entry = (code: number): StatusEntry => {
  const found = statusEntry(code);
  if (!found) throw new Error(`no entry for ${code}`);
  return found;
};

describe('the IANA fixture', () => {
  it('has IANA’s columns, 64 codes and 11 unassigned ranges covering the rest of 100–599', () => {
    expect(header).toEqual(['Value', 'Description', 'Reference']);
    expect(registryRows).toHaveLength(75);
    expect(assigned).toHaveLength(64);
    expect(ranges).toHaveLength(11);
    for (const [value, , reference] of registryRows) {
      expect(value).toMatch(/^\d{3}(-\d{3})?$/);
      if (value!.includes('-')) expect(reference).toBe('');
    }
    for (const [value] of assigned) expect(value).toMatch(/^\d{3}$/);
    const covered = new Set([...registry.keys()]);
    for (const [from, to] of ranges) for (let code = from; code <= to; code++) covered.add(code);
    for (let code = 100; code <= 599; code++) expect(covered.has(code), String(code)).toBe(true);
    expect(covered.size).toBe(500);
  });
});

describe('the status reference against the IANA registry', () => {
  it('has every assigned code, with the registry’s description and reference verbatim', () => {
    expect(standard.map((e) => e.code)).toEqual([...registry.keys()].sort((a, b) => a - b));
    for (const e of standard) {
      expect(e.registry, String(e.code)).toEqual(registry.get(e.code));
    }
  });

  it('uses the registry’s phrase as the reason, without its status note', () => {
    for (const e of standard) {
      const description = registry.get(e.code)!.description;
      const phrase = description.replace(/ \((OBSOLETED|TEMPORARY - [^)]*)\)$/, '');
      expect(e.reason, String(e.code)).toBe(phrase);
      expect(statusInfo(e.code)).toMatchObject({ reason: phrase, known: true });
    }
    expect(entry(104).reason).toBe('Upload Resumption Supported');
    expect(entry(510).reason).toBe('Not Extended');
    expect(entry(418).reason).toBe('(Unused)');
  });

  it('states each registration as the registry does', () => {
    const byRegistration = (registration: string) =>
      statusEntries()
        .filter((e) => e.registration === registration)
        .map((e) => e.code);
    expect(byRegistration('temporary')).toEqual([104]);
    expect(byRegistration('obsoleted')).toEqual([510]);
    expect(byRegistration('unused')).toEqual([306, 418]);
    expect(byRegistration('permanent')).toHaveLength(60);
  });

  it('marks no registry code non-standard, and puts every non-standard code in an unassigned range', () => {
    for (const e of nonStandard) {
      expect(registry.has(e.code), String(e.code)).toBe(false);
      expect(
        ranges.some(([from, to]) => e.code >= from && e.code <= to),
        String(e.code),
      ).toBe(true);
    }
  });

  it('links the defining section, the registry’s reference first', () => {
    for (const e of standard) {
      const reference = registry.get(e.code)!.reference;
      const first = e.references[0]!;
      const section = /^\[RFC(\d+), Section ([\d.]+)\]$/.exec(reference);
      const whole = /^\[RFC(\d+)\]/.exec(reference);
      if (section) {
        expect(first, String(e.code)).toEqual({
          label: `RFC ${section[1]}, Section ${section[2]}`,
          url: `https://www.rfc-editor.org/rfc/rfc${section[1]}#section-${section[2]}`,
        });
      } else if (whole) {
        expect(first.label, String(e.code)).toMatch(new RegExp(`^RFC ${whole[1]}(, Section [\\d.]+)?$`));
        expect(first.url, String(e.code)).toMatch(
          new RegExp(`^https://www\\.rfc-editor\\.org/rfc/rfc${whole[1]}(#section-[\\d.]+)?$`),
        );
      } else {
        expect(e.code).toBe(104);
        expect(first).toEqual({
          label: 'draft-ietf-httpbis-resumable-upload-05',
          url: 'https://datatracker.ietf.org/doc/html/draft-ietf-httpbis-resumable-upload-05',
        });
      }
    }
  });

  it.each([
    [429, 'https://www.rfc-editor.org/rfc/rfc6585#section-4'],
    [421, 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.20'],
    [422, 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.21'],
    [418, 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.19'],
    [306, 'https://www.rfc-editor.org/rfc/rfc9110#section-15.4.7'],
    [102, 'https://www.rfc-editor.org/rfc/rfc2518#section-10.1'],
    [103, 'https://www.rfc-editor.org/rfc/rfc8297#section-2'],
    [207, 'https://www.rfc-editor.org/rfc/rfc4918#section-11.1'],
    [208, 'https://www.rfc-editor.org/rfc/rfc5842#section-7.1'],
    [226, 'https://www.rfc-editor.org/rfc/rfc3229#section-10.4.1'],
    [425, 'https://www.rfc-editor.org/rfc/rfc8470#section-5.2'],
    [428, 'https://www.rfc-editor.org/rfc/rfc6585#section-3'],
    [431, 'https://www.rfc-editor.org/rfc/rfc6585#section-5'],
    [451, 'https://www.rfc-editor.org/rfc/rfc7725#section-3'],
    [506, 'https://www.rfc-editor.org/rfc/rfc2295#section-8.1'],
    [508, 'https://www.rfc-editor.org/rfc/rfc5842#section-7.2'],
    [510, 'https://www.rfc-editor.org/rfc/rfc2774#section-7'],
    [511, 'https://www.rfc-editor.org/rfc/rfc6585#section-6'],
  ])('%i is defined at %s', (code, url) => {
    expect(entry(code).references[0]!.url).toBe(url);
  });

  it('cites the status change that made 510 historic', () => {
    expect(entry(510).references.map((r) => r.label)).toEqual([
      'RFC 2774, Section 7',
      'status-change-http-experiments-to-historic',
    ]);
  });
});

describe('the status reference against Node’s http.STATUS_CODES', () => {
  it('differs only where the registry moved on or Node keeps an unregistered code', () => {
    const ours = new Map(standard.map((e) => [e.code, e.reason]));
    const node = new Map(Object.entries(STATUS_CODES).map(([code, phrase]) => [Number(code), phrase!]));
    const onlyOurs = [...ours.keys()].filter((code) => !node.has(code));
    const onlyNode = [...node.keys()].filter((code) => !ours.has(code)).map((code) => [code, node.get(code)]);
    const renamed = [...ours.keys()]
      .filter((code) => node.has(code) && node.get(code) !== ours.get(code))
      .map((code) => [code, node.get(code), ours.get(code)]);
    // 104 (registered 2024, temporary) and 306 (reserved) are not in Node's table.
    expect(onlyOurs).toEqual([104, 306]);
    // 509 is no registered code: Node lists the hosting panels' phrase (a non-standard entry here).
    expect(onlyNode).toEqual([[509, 'Bandwidth Limit Exceeded']]);
    expect(entry(509).standard).toBe(false);
    // Node keeps the RFC 7231 names RFC 9110 replaced, and the teapot RFC 9110 reserved as (Unused).
    expect(renamed).toEqual([
      [413, 'Payload Too Large', 'Content Too Large'],
      [418, "I'm a Teapot", '(Unused)'],
      [422, 'Unprocessable Entity', 'Unprocessable Content'],
    ]);
    // The old names still find the codes.
    expect(entry(413).aliases).toContain('Payload Too Large');
    expect(entry(422).aliases).toContain('Unprocessable Entity');
  });
});

describe('non-standard codes', () => {
  it('are the vendor codes met in logs, each naming its origin and a source', () => {
    expect(nonStandard.map((e) => e.code)).toEqual([
      218, 419, 420, 440, 444, 449, 460, 463, 464, 494, 495, 496, 497, 498, 499, 509, 520, 521, 522, 523, 524, 525, 526,
      527, 529, 530, 561, 598, 599,
    ]);
    for (const e of nonStandard) {
      expect(e.registration).toBe('non-standard');
      expect(e.registry).toBeUndefined();
      expect(e.origin!.length, String(e.code)).toBeGreaterThan(10);
      expect(e.references.length, String(e.code)).toBeGreaterThan(0);
      for (const reference of e.references)
        expect(reference.url, `${e.code} ${reference.label}`).toMatch(/^https:\/\//);
      expect(e.constants).toEqual({});
    }
    // The short hints the response view shows name the same codes.
    expect(vendorHintCodes()).toEqual(nonStandard.map((e) => e.code));
    expect(statusInfo(499)).toMatchObject({ known: false, reason: 'Client Error' });
    expect(statusInfo(499).meaning).toContain('nginx: Client Closed Request');
  });

  it.each([
    [444, 'nginx', 'No Response'],
    [494, 'nginx', 'Request Header Too Large'],
    [495, 'nginx', 'SSL Certificate Error'],
    [496, 'nginx', 'SSL Certificate Required'],
    [497, 'nginx', 'HTTP Request Sent to HTTPS Port'],
    [499, 'nginx', 'Client Closed Request'],
    [520, 'Cloudflare', 'Web Server Returned an Unknown Error'],
    [521, 'Cloudflare', 'Web Server Is Down'],
    [522, 'Cloudflare', 'Connection Timed Out'],
    [523, 'Cloudflare', 'Origin Is Unreachable'],
    [524, 'Cloudflare', 'A Timeout Occurred'],
    [525, 'Cloudflare', 'SSL Handshake Failed'],
    [526, 'Cloudflare', 'Invalid SSL Certificate'],
    [527, 'Cloudflare', 'Railgun Error'],
    [530, 'Cloudflare', 'Origin Error (1xxx)'],
    [460, 'AWS Elastic Load Balancing', 'Client Closed Connection'],
    [463, 'AWS Elastic Load Balancing', 'Too Many Forwarded IPs'],
    [464, 'AWS Elastic Load Balancing', 'Incompatible Protocol'],
    [561, 'AWS Elastic Load Balancing', 'Unauthorized (Identity Provider)'],
    [440, 'Microsoft IIS', 'Login Time-out'],
    [449, 'Microsoft', 'Retry With'],
    [419, 'Laravel', 'Page Expired'],
    [420, 'Twitter', 'Enhance Your Calm'],
    [509, 'cPanel', 'Bandwidth Limit Exceeded'],
    [529, 'Qualys SSL Labs', 'Site Is Overloaded'],
    [218, 'Apache HTTP Server', 'This is fine'],
    [598, 'informal convention', 'Network Read Timeout Error'],
    [599, 'Tornado', 'Network Connect Timeout Error'],
  ])('%i is %s’s “%s”', (code, origin, reason) => {
    expect(entry(code)).toMatchObject({ reason, standard: false });
    expect(entry(code).origin).toContain(origin);
  });

  it('says the truth about 218 and nginx’s 49x codes', () => {
    expect(entry(218).origin).toContain('has no entry for 218');
    for (const code of [494, 495, 496, 497]) expect(entry(code).meaning).toMatch(/400/);
  });

  it('shows both meanings where a vendor reuses a number', () => {
    expect(entry(418).otherMeanings).toEqual([
      expect.objectContaining({
        reason: "I'm a teapot",
        references: [expect.objectContaining({ label: 'RFC 2324, Section 2.3.2' }), expect.anything()],
      }),
    ]);
    expect(entry(451).reason).toBe('Unavailable For Legal Reasons');
    expect(entry(451).otherMeanings).toEqual([
      expect.objectContaining({ reason: 'Redirect', origin: expect.stringContaining('Exchange ActiveSync') }),
    ]);
    expect(entry(499).otherMeanings.map((m) => m.reason)).toEqual(['Token Required']);
    expect(entry(419).otherMeanings.map((m) => m.reason)).toEqual([
      'Authentication Timeout',
      'Insufficient Space On Resource',
    ]);
  });
});

describe('entries', () => {
  it('have a one-line summary, meaning, use and don’t for every code', () => {
    for (const e of statusEntries()) {
      for (const text of [e.summary, e.meaning, e.use, e.avoid]) {
        expect(text.length, String(e.code)).toBeGreaterThan(5);
        expect(text, String(e.code)).not.toMatch(/\n/);
      }
      expect(e.summary.length, String(e.code)).toBeLessThanOrEqual(110);
    }
  });

  it.each([
    [401, 'WWW-Authenticate'],
    [407, 'Proxy-Authenticate'],
    [405, 'Allow'],
    [206, 'Content-Range'],
    [416, 'Content-Range'],
    [429, 'Retry-After'],
    [503, 'Retry-After'],
    [201, 'Location'],
    [301, 'Location'],
    [302, 'Location'],
    [303, 'Location'],
    [307, 'Location'],
    [308, 'Location'],
    [415, 'Accept-Post'],
    [415, 'Accept-Patch'],
    [415, 'Accept-Encoding'],
    [426, 'Upgrade'],
    [101, 'Upgrade'],
    [103, 'Link'],
    [304, 'ETag'],
    [412, 'If-Match'],
    [451, 'Link'],
    [449, 'Ms-Echo-Request'],
  ])('%i comes with %s', (code, name) => {
    expect(entry(code).headers.map((header) => header.name)).toContain(name);
  });
});

describe('constants', () => {
  it.each([
    [
      429,
      {
        python: 'TOO_MANY_REQUESTS',
        go: 'StatusTooManyRequests',
        rust: 'TOO_MANY_REQUESTS',
        csharp: 'TooManyRequests',
      },
    ],
    [
      413,
      {
        python: 'REQUEST_ENTITY_TOO_LARGE',
        go: 'StatusRequestEntityTooLarge',
        rust: 'PAYLOAD_TOO_LARGE',
        java: 'HTTP_ENTITY_TOO_LARGE',
        csharp: 'RequestEntityTooLarge',
      },
    ],
    [418, { python: 'IM_A_TEAPOT', go: 'StatusTeapot', rust: 'IM_A_TEAPOT' }],
    [
      422,
      {
        python: 'UNPROCESSABLE_ENTITY',
        go: 'StatusUnprocessableEntity',
        rust: 'UNPROCESSABLE_ENTITY',
        csharp: 'UnprocessableEntity',
      },
    ],
    [425, { python: 'TOO_EARLY', go: 'StatusTooEarly', rust: 'TOO_EARLY' }],
    [
      203,
      {
        python: 'NON_AUTHORITATIVE_INFORMATION',
        go: 'StatusNonAuthoritativeInfo',
        rust: 'NON_AUTHORITATIVE_INFORMATION',
        java: 'HTTP_NOT_AUTHORITATIVE',
        csharp: 'NonAuthoritativeInformation',
      },
    ],
    [
      407,
      {
        python: 'PROXY_AUTHENTICATION_REQUIRED',
        go: 'StatusProxyAuthRequired',
        rust: 'PROXY_AUTHENTICATION_REQUIRED',
        java: 'HTTP_PROXY_AUTH',
        csharp: 'ProxyAuthenticationRequired',
      },
    ],
    [
      500,
      {
        python: 'INTERNAL_SERVER_ERROR',
        go: 'StatusInternalServerError',
        rust: 'INTERNAL_SERVER_ERROR',
        java: 'HTTP_INTERNAL_ERROR',
        csharp: 'InternalServerError',
      },
    ],
    [
      416,
      {
        python: 'REQUESTED_RANGE_NOT_SATISFIABLE',
        go: 'StatusRequestedRangeNotSatisfiable',
        rust: 'RANGE_NOT_SATISFIABLE',
        csharp: 'RequestedRangeNotSatisfiable',
      },
    ],
    [306, { csharp: 'Unused' }],
    [104, {}],
  ])('%i is named %j', (code, constants) => {
    expect(entry(code).constants).toEqual(constants);
  });

  it('shows them as code, and says which Python names 3.13 added', () => {
    expect(constantLines(entry(413))).toEqual([
      {
        language: 'Python',
        constant: 'HTTPStatus.REQUEST_ENTITY_TOO_LARGE',
        note: 'http.HTTPStatus, Python 3.11',
        newerName: 'Python 3.13 also: HTTPStatus.CONTENT_TOO_LARGE',
      },
      { language: 'Go', constant: 'http.StatusRequestEntityTooLarge', note: 'net/http' },
      { language: 'Rust', constant: 'StatusCode::PAYLOAD_TOO_LARGE', note: 'http crate 1.x' },
      { language: 'Java', constant: 'HttpURLConnection.HTTP_ENTITY_TOO_LARGE', note: 'java.net' },
      { language: 'C#', constant: 'HttpStatusCode.RequestEntityTooLarge', note: 'System.Net' },
    ]);
    expect(constantLines(entry(499))).toEqual([]);
    expect(constantLines(entry(429))[0]).toEqual({
      language: 'Python',
      constant: 'HTTPStatus.TOO_MANY_REQUESTS',
      note: 'http.HTTPStatus, Python 3.11',
    });
  });

  it('writes every constant in its language’s naming shape', () => {
    for (const e of standard) {
      const python = e.constants.python;
      if (python) expect(python, String(e.code)).toMatch(/^[A-Z][A-Z_]*$/);
      if (e.constants.go) expect(e.constants.go, String(e.code)).toMatch(/^Status[A-Z]\w*$/);
      if (e.constants.rust) expect(e.constants.rust, String(e.code)).toMatch(/^[A-Z][A-Z_]*$/);
      if (e.constants.java) expect(e.constants.java, String(e.code)).toMatch(/^HTTP_[A-Z_]+$/);
    }
  });
});

describe('search', () => {
  const codes = (query: string, options = {}) => searchStatus(query, options).map((m) => m.entry.code);

  it('finds a number first, however it is asked', () => {
    for (const query of ['429', 'status 429', 'HTTP 429', 'code 429', ' 429 ']) {
      expect(searchStatus(query)[0], query).toMatchObject({ entry: { code: 429 }, kind: 'code' });
    }
    expect(codes('HTTP/1.1 404 Not Found')[0]).toBe(404);
  });

  it('ranks exact number, then reason prefix, then reason words, then meaning words', () => {
    const found = searchStatus('request');
    const kinds = found.map((m) => m.kind);
    const rank = ['code', 'code-prefix', 'reason-prefix', 'reason-words', 'text'];
    expect(kinds.map((k) => rank.indexOf(k))).toEqual([...kinds.map((k) => rank.indexOf(k))].sort((a, b) => a - b));
    expect(found.slice(0, 5).map((m) => [m.entry.code, m.kind])).toEqual([
      [408, 'reason-prefix'],
      [431, 'reason-prefix'],
      [494, 'reason-prefix'],
      [400, 'reason-words'],
      [413, 'reason-words'],
    ]);
    expect(found.at(-1)!.kind).toBe('text');
  });

  it('finds words of the reason and of the meaning', () => {
    expect(codes('too many')[0]).toBe(429);
    expect(codes('Too Many')[0]).toBe(429);
    expect(codes('payload too large')).toEqual([413]);
    expect(codes('teapot')).toEqual([418]);
    expect(codes("I'm a teapot")).toEqual([418]);
    expect(codes('rate limit')[0]).toBe(429);
    expect(codes('retry-after').slice(0, 2)).toEqual([429, 503]);
    expect(codes('timeout').slice(0, 2)).toEqual([408, 504]);
    expect(codes('StatusTooManyRequests')).toEqual([429]);
    expect(codes('xyzzy')).toEqual([]);
    expect(codes('999')).toEqual([]);
  });

  it('treats classes and numeric prefixes as filters, in code order', () => {
    const fives = statusEntries()
      .filter((e) => e.code >= 500)
      .map((e) => e.code);
    expect(codes('5xx')).toEqual(fives);
    expect(codes('4').every((code) => code >= 400 && code < 500)).toBe(true);
    expect(codes('4')).toHaveLength(statusEntries().filter((e) => e.code >= 400 && e.code < 500).length);
    expect(codes('42')).toEqual([420, 421, 422, 423, 424, 425, 426, 428, 429]);
  });

  it('lists everything for an empty query, and filters by class or standing', () => {
    expect(codes('')).toEqual(statusEntries().map((e) => e.code));
    expect(codes('', { filter: 'non-standard' })).toEqual(nonStandard.map((e) => e.code));
    expect(codes('', { filter: '3xx' })).toEqual([300, 301, 302, 303, 304, 305, 306, 307, 308]);
    expect(codes('closed', { filter: 'non-standard' })).toEqual([460, 499, 444]);
    expect(codes('too many', { limit: 1 })).toEqual([429]);
    expect(matchesFilter(entry(499), '4xx')).toBe(true);
    expect(matchesFilter(entry(499), 'non-standard')).toBe(true);
    expect(matchesFilter(entry(429), 'non-standard')).toBe(false);
  });

  it('drops the words that only say “status code”', () => {
    expect(parseStatusQuery('status code 429')).toEqual({ tokens: ['429'], aboutStatus: true });
    expect(parseStatusQuery('too many')).toEqual({ tokens: ['too', 'many'], aboutStatus: false });
    expect(parseStatusQuery('status')).toEqual({ tokens: ['status'], aboutStatus: true });
  });
});

describe('the Status Codes tool', () => {
  it('is registered as the workspace’s reference', () => {
    expect(statusCodes).toMatchObject({
      id: 'status-codes',
      title: 'Status Codes',
      group: 'Reference',
      surfaces: ['workspace', 'devtools', 'popup'],
      accepts: ['show-status'],
    });
    expect(statusCodes.description.length).toBeGreaterThan(20);
    expect([...statusCodes.icon].length).toBeLessThanOrEqual(2);
    expect(statusCodes.keywords).toContain('status');
  });

  it('deep-links each code', () => {
    expect(statusDeepLink(429)).toBe('#/status-codes?code=429');
  });

  it('offers codes in the palette by number or words', () => {
    const expected = { title: 'Status 429 Too Many Requests', tool: 'status-codes', params: { code: '429' } };
    expect(paletteSearch('429')).toEqual([expect.objectContaining(expected)]);
    expect(paletteSearch('status 429')).toEqual([expect.objectContaining(expected)]);
    expect(paletteSearch('too many')[0]).toEqual(expect.objectContaining(expected));
    expect(paletteSearch('4')).toHaveLength(PALETTE_LIMIT);
    expect(PALETTE_LIMIT).toBe(8);
    expect(paletteSearch('499')[0]).toMatchObject({
      title: 'Status 499 Client Closed Request',
      hint: expect.stringMatching(/^Non-standard\. /),
    });
  });

  it('keeps out of other tools’ palette queries', () => {
    expect(paletteSearch('')).toEqual([]);
    expect(paletteSearch('con')).toEqual([]);
    expect(paletteSearch('convert')).toEqual([]);
    // Meaning words count once the query says it is about status codes.
    expect(paletteSearch('rate limit')).toEqual([]);
    expect(paletteSearch('status rate limit')[0]).toMatchObject({ params: { code: '429' } });
  });
});
