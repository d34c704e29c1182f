/**
 * The request model against real curl: every corpus command curl can send is
 * run for real against a local recording server, and the wire request built
 * from the parsed model must equal what curl sent (after the normalisation
 * of the equivalence method).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { toWireRequest } from '../../src/core/curl/wire.ts';
import { CORPUS, CORPUS_FILES } from '../fixtures/curl-corpus.ts';
import { userSetHeaders } from '../support/compare-options.ts';
import { pointAt, runCurl } from '../support/run-curl.ts';
import { compareRequests, fromRecorded, fromWire } from '../support/wire-compare.ts';

let server: DemoServer;
let dir: string;

beforeAll(async () => {
  server = await startDemoServer();
  dir = mkdtempSync(join(tmpdir(), 'curl-corpus-'));
  for (const [name, content] of Object.entries(CORPUS_FILES)) writeFileSync(join(dir, name), content);
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const runnable = CORPUS.filter((c) => c.wire !== false && (c.dialect ?? 'bash') === 'bash');

describe('model vs real curl', () => {
  it('covers most of the corpus', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(100);
  });

  it.each(runnable.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const command = pointAt(c.cmd, server.origin);
    const recorded = await runCurl(command, server, { cwd: dir, env: { ...process.env, ...c.env } });
    const parsed = parseCurl(command);
    expect(recorded).toHaveLength(parsed.requests.length);
    parsed.requests.forEach((request, i) => {
      const wire = toWireRequest(request, {
        readFile: (path) => new Uint8Array(readFileSync(join(dir, path))),
        variables: c.env,
      });
      const fileTypeSet = new Set(
        request.body.kind === 'multipart' ? request.body.parts.filter((p) => p.contentType).map((p) => p.name) : [],
      );
      const result = compareRequests(fromRecorded(recorded[i]!), fromWire(wire), {
        userSet: userSetHeaders(request),
        fileTypeSet,
      });
      expect(result.differences).toEqual([]);
    });
  });
});
