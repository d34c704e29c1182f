/**
 * The mock-data measure: for every JSON-Schema-Test-Suite group (draft-07 and 2020-12) that has a valid instance,
 * 20 mock values, each checked by the project's validator. A group counts when all 20 validate. The figure is
 * printed; the threshold is 95% of groups per draft (json-schema-faker alone: 290 of 332 for 2020-12).
 *
 * The suite is vendored from https://github.com/json-schema-org/JSON-Schema-Test-Suite (commit 44401e0c, MIT,
 * its LICENSE beside it) in the upstream layout: tests/draft7/*.json, tests/draft2020-12/*.json (not optional/),
 * and remotes/ (the schemas refRemote loads from http://localhost:1234/, draft7 and draft2020-12 ones only).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { mockFromSchema, MockError } from '../../src/core/mock/generate.ts';

const SUITE = fileURLToPath(new URL('../fixtures/json-schema-test-suite', import.meta.url));
const PER_GROUP = 20;

function loadRemotes(): Record<string, unknown> {
  const remotes: Record<string, unknown> = {};
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name), `${rel}${entry.name}/`);
      else if (entry.name.endsWith('.json')) {
        remotes[`http://localhost:1234/${rel}${entry.name}`] = JSON.parse(readFileSync(join(dir, entry.name), 'utf8'));
      }
    }
  };
  walk(join(SUITE, 'remotes'), '');
  return remotes;
}

interface Group {
  description: string;
  schema: unknown;
  tests: { valid: boolean }[];
}

const remotes = loadRemotes();

describe.each([
  ['draft7', '7'],
  ['draft2020-12', '2020-12'],
] as const)('mock values for the JSON-Schema-Test-Suite %s schemas', (folder, draft) => {
  it(`are all valid in at least 95% of the groups that have a valid instance`, () => {
    let groups = 0;
    let alwaysValid = 0;
    let fromGeneration = 0;
    const failing: string[] = [];
    for (const file of readdirSync(join(SUITE, 'tests', folder))
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const content = JSON.parse(readFileSync(join(SUITE, 'tests', folder, file), 'utf8')) as Group[];
      for (const group of content) {
        if (!group.tests.some((test) => test.valid)) continue;
        groups++;
        try {
          const result = mockFromSchema(group.schema, { seed: 7, count: PER_GROUP, draft, remotes });
          // Checked again here, independently of the mocker's own check.
          const validator = new Validator(group.schema as object, draft, false);
          for (const [uri, remote] of Object.entries(remotes)) validator.addSchema(remote as object, uri);
          const valid = result.values.length === PER_GROUP && result.values.every((v) => validator.validate(v).valid);
          if (valid) {
            alwaysValid++;
            if (result.fallbacks === 0) fromGeneration++;
          } else failing.push(`${file}: ${group.description} (a value did not validate)`);
        } catch (error) {
          expect(error).toBeInstanceOf(MockError);
          failing.push(`${file}: ${group.description}: ${(error as Error).message}`);
        }
      }
    }
    const percent = ((100 * alwaysValid) / groups).toFixed(1);
    console.log(
      `[mock measure] ${folder}: ${alwaysValid} of ${groups} groups always valid (${percent}%); ` +
        `${fromGeneration} without any fallback value. Not met:\n  ${failing.join('\n  ')}`,
    );
    expect(groups).toBeGreaterThan(200);
    expect(alwaysValid / groups).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
