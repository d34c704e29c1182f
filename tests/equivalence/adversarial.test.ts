/**
 * Hostile strings in every part of a request: each generated program must
 * send exactly what real curl sends, and no payload may ever run (a payload
 * that runs creates a PWNED file in the working folder).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { toWireRequest } from '../../src/core/curl/wire.ts';
import { GENERATORS } from '../../src/core/generators/registry.ts';
import { ADVERSARIAL, ADVERSARIAL_FILES, NASTY_STRINGS } from '../fixtures/adversarial.ts';
import { compareOptionsFor } from '../support/compare-options.ts';
import { pointAt, runCurl } from '../support/run-curl.ts';
import { compareRequests, fromRecorded, fromWire } from '../support/wire-compare.ts';
import { PWNED } from './matrix.ts';
import { SKIPS } from './skips.ts';
import { defineEquivalenceSuite, narrowed } from './suite.ts';

describe('the adversarial fixture', () => {
  let server: DemoServer;
  let dir: string;

  beforeAll(async () => {
    server = await startDemoServer();
    dir = mkdtempSync(join(tmpdir(), 'adversarial-'));
    for (const [name, content] of Object.entries(ADVERSARIAL_FILES)) writeFileSync(join(dir, name), content);
  });

  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has at least 200 hostile strings and unique case names', () => {
    expect(NASTY_STRINGS.length).toBeGreaterThanOrEqual(200);
    const names = ADVERSARIAL.map((c) => c.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  // The model must be what curl sends, or a target's failure would say nothing about the target.
  it.each(ADVERSARIAL.map((c) => [c.name, c] as const))('curl and the parser agree: %s', async (_name, c) => {
    const command = pointAt(c.cmd, server.origin);
    const recorded = await runCurl(command, server, { cwd: dir, env: { ...process.env, ...c.env } });
    expect(() => readFileSync(join(dir, PWNED)), 'bash itself must never run a payload').toThrow();
    const { requests } = parseCurl(command, { dialect: 'bash' });
    expect(recorded).toHaveLength(requests.length);
    requests.forEach((request, i) => {
      const wire = fromWire(
        toWireRequest(request, {
          readFile: (path) => new Uint8Array(readFileSync(join(dir, path))),
          variables: c.env,
        }),
      );
      // The server reads header bytes as Latin-1: compare UTF-8 header values the same way.
      wire.headers = wire.headers.map(([name, value]) => [name, Buffer.from(value, 'utf8').toString('latin1')]);
      expect(compareRequests(fromRecorded(recorded[i]!), wire, compareOptionsFor(request)).differences).toEqual([]);
    });
  });
});

/** Narrowed like the equivalence suite: EQUIVALENCE_TARGETS=<ids>, EQUIVALENCE_CASES=<regular expression>. */

describe('generated programs vs real curl, hostile strings', () => {
  // Narrowed by EQUIVALENCE_TARGETS and EQUIVALENCE_CASES, as the equivalence suite is.
  const chosen = narrowed(GENERATORS, ADVERSARIAL);
  const suite = defineEquivalenceSuite({
    suite: 'adversarial',
    cases: chosen.cases,
    files: ADVERSARIAL_FILES,
    generators: chosen.generators,
    skips: SKIPS,
  });

  it(`no payload ever ran (no ${PWNED} file anywhere)`, () => {
    expect(suite.result().pwned).toEqual([]);
  });
});
