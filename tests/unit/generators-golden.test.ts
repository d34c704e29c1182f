/**
 * Golden files: every registered target's output for every corpus command
 * that parses (sendable or not), one file per request, under
 * tests/golden/<target-id>/<case-slug>.<extension> (`<case-slug>--2.<ext>`
 * for a command's second request...). A change in any generated program
 * shows up as a diff to review; `npx vitest run -u` rewrites them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CurlRequest } from '../../src/core/curl/model.ts';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { GENERATORS } from '../../src/core/generators/registry.ts';
import type { Generator } from '../../src/core/generators/types.ts';
import { slugsOf } from '../equivalence/slug.ts';
import { CORPUS, type CorpusCase } from '../fixtures/curl-corpus.ts';

const GOLDEN_ROOT = fileURLToPath(new URL('../golden/', import.meta.url));

/** Slugs come from all corpus names, so that a case that stops parsing does not rename the others. */
const slugs = slugsOf(CORPUS.map((c) => c.name));

const parsed: { case: CorpusCase; slug: string; requests: CurlRequest[] }[] = [];
for (const [index, c] of CORPUS.entries()) {
  try {
    parsed.push({ case: c, slug: slugs[index]!, requests: parseCurl(c.cmd, { dialect: c.dialect }).requests });
  } catch {
    // Not a golden case: the parser tests cover what fails to parse.
  }
}

function goldenName(slug: string, requestIndex: number, generator: Generator): string {
  return `${slug}${requestIndex === 0 ? '' : `--${requestIndex + 1}`}.${generator.extension}`;
}

/**
 * Golden files whose snapshot assertion passed in this run: a new one is only
 * written when the file's tests end, so it is not missing, just not yet on disk.
 */
const matched = new Set<string>();

for (const generator of GENERATORS) {
  describe(`golden files of ${generator.id}`, () => {
    for (const { case: c, slug, requests } of parsed) {
      it(c.name, async () => {
        for (const [i, request] of requests.entries()) {
          const { code } = generator.generate(specFromCurl(request));
          const name = `${generator.id}/${goldenName(slug, i, generator)}`;
          await expect(code).toMatchFileSnapshot(join(GOLDEN_ROOT, name));
          matched.add(name);
        }
      });
    }
  });
}

describe('the golden folder', () => {
  it('has one file per registered target and parsed corpus request, and nothing else', () => {
    const expected = new Set<string>();
    for (const generator of GENERATORS) {
      for (const { slug, requests } of parsed) {
        requests.forEach((_, i) => expected.add(`${generator.id}/${goldenName(slug, i, generator)}`));
      }
    }
    const actual = new Set<string>();
    if (existsSync(GOLDEN_ROOT)) {
      for (const entry of readdirSync(GOLDEN_ROOT, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        for (const file of readdirSync(join(GOLDEN_ROOT, entry.name))) actual.add(`${entry.name}/${file}`);
      }
    }
    const missing = [...expected].filter((name) => !actual.has(name) && !matched.has(name)).sort();
    const stale = [...actual].filter((name) => !expected.has(name)).sort();
    expect(missing, 'golden files missing: run `npx vitest run -u` and review them').toEqual([]);
    expect(stale, 'golden files of a target or case that no longer exists: delete them').toEqual([]);
  });

  it('names each case with a distinct, stable slug', () => {
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
