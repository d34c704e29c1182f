/**
 * The request spec, the capability profiles and the planning step: one
 * profile per target, every warning any target gives comes from the one
 * catalogue and carries a position, and the plan decides the shared rules
 * (Host, body on GET, where -o/-O write, transport limits) the same way for
 * every target.
 */
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { GENERATORS, generate } from '../../src/core/generators/registry.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { planRequest } from '../../src/core/request-spec/plan.ts';
import { listProfiles, profileOf } from '../../src/core/request-spec/profiles.ts';
import { WARNING_CODES } from '../../src/core/request-spec/warnings.ts';
import { CORPUS } from '../fixtures/curl-corpus.ts';

const spec = (command: string) => specFromCurl(parseCurl(command).requests[0]!);
const codes = (command: string, target: string) =>
  planRequest(spec(command), profileOf(target)).warnings.map((w) => w.code);

describe('client profiles', () => {
  it('exist for exactly the registered targets', () => {
    expect(
      listProfiles()
        .map((p) => p.target)
        .sort(),
    ).toEqual(GENERATORS.map((g) => g.id).sort());
  });
});

describe('the warning catalogue', () => {
  it('is the only source of warnings: every corpus command, every target, a catalogue code with a position', () => {
    const known = new Set<string>(WARNING_CODES);
    const unknown: string[] = [];
    const unplaced: string[] = [];
    for (const c of CORPUS) {
      let requests;
      try {
        requests = parseCurl(c.cmd, { dialect: c.dialect }).requests;
      } catch {
        continue;
      }
      for (const request of requests) {
        for (const generator of GENERATORS) {
          for (const warning of generate(specFromCurl(request), generator.id).warnings) {
            if (!known.has(warning.code)) unknown.push(`${generator.id}: ${warning.code} (${c.name})`);
            if (!warning.span) unplaced.push(`${generator.id}: ${warning.code} (${c.name})`);
          }
        }
      }
    }
    expect(unknown).toEqual([]);
    expect(unplaced).toEqual([]);
  });
});

describe('the plan', () => {
  it('leaves a Host header out only where the client cannot set it, and says so at the header', () => {
    const command = "curl -H 'Host: example.org' http://127.0.0.1:8080/";
    const fetchPlan = planRequest(spec(command), profileOf('javascript-fetch'));
    expect(fetchPlan.headers.map((h) => h.name)).toEqual([]);
    expect(fetchPlan.warnings).toMatchObject([{ code: 'host-header-dropped', span: { column: 9 } }]);
    for (const target of [
      'javascript-axios',
      'node-https',
      'python-requests',
      'python-httpx',
      'go-net-http',
      'rust-reqwest',
    ]) {
      const plan = planRequest(spec(command), profileOf(target));
      expect(plan.headers.map((h) => h.name)).toEqual(['Host']);
      expect(plan.warnings).toEqual([]);
    }
  });

  it('treats -o - as the terminal and -O on a path ending in / as no file name, for every target', () => {
    for (const { target } of listProfiles()) {
      expect(planRequest(spec('curl -o - https://a.example/x'), profileOf(target)).outputFile).toBeUndefined();
      expect(planRequest(spec('curl -O https://a.example/dir/file.txt?x=1'), profileOf(target)).outputFile).toBe(
        'file.txt',
      );
      const slash = planRequest(spec('curl -O https://a.example/dir/'), profileOf(target));
      expect(slash.outputFile).toBeUndefined();
      expect(slash.warnings.map((w) => w.code)).toEqual(['output-remote-name']);
    }
  });

  it('drops a body on GET only for fetch', () => {
    expect(planRequest(spec('curl -X GET -d a=1 https://a.example/'), profileOf('javascript-fetch')).dropBody).toBe(
      true,
    );
    expect(planRequest(spec('curl -X GET -d a=1 https://a.example/'), profileOf('python-httpx')).dropBody).toBe(false);
  });

  it('warns from the profile about what a client cannot do', () => {
    expect(codes('curl --connect-timeout 3 https://a.example/', 'javascript-axios')).toEqual(['connect-timeout']);
    expect(codes('curl --connect-timeout 3 https://a.example/', 'go-net-http')).toEqual([]);
    expect(codes('curl -m 3 https://a.example/', 'python-requests')).toEqual(['timeout-total']);
    expect(codes('curl -L https://a.example/', 'node-https')).toEqual(['redirects-not-followed']);
    expect(codes('curl -L --max-redirs 3 https://a.example/', 'javascript-fetch')).toEqual(['max-redirs']);
    expect(codes('curl -x socks5://p:1080 https://a.example/', 'rust-reqwest')).toEqual(['proxy']);
    expect(codes('curl -x http://p:3128 https://a.example/', 'rust-reqwest')).toEqual([]);
    expect(codes('curl --http2 http://a.example/', 'go-net-http')).toEqual(['http-version']);
    expect(codes('curl --http2 https://a.example/', 'go-net-http')).toEqual([]);
    expect(codes("curl -H 'Accept:' https://a.example/", 'rust-reqwest')).toEqual(['header-not-removable']);
    expect(codes("curl -H 'Accept:' https://a.example/", 'python-requests')).toEqual([]);
    expect(codes('curl -H "X: 1" -H "X: 2" https://a.example/', 'python-requests')).toEqual(['header-merged']);
    expect(codes('curl -b a=1 -H "Cookie: b=2" https://a.example/', 'python-requests')).toEqual([]);
    expect(codes('curl -X post https://a.example/', 'javascript-axios')).toEqual(['method-case']);
    expect(codes('curl -L --location-trusted -u a:b https://a.example/', 'python-httpx')).toEqual(['location-trusted']);
    expect(codes('curl -L --location-trusted https://a.example/', 'python-httpx')).toEqual([]);
  });
});
