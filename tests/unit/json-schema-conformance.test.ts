import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createValidator, type Draft } from '../../src/core/json/schema-validate.ts';

/**
 * JSON-Schema-Test-Suite, required tests (not optional/), vendored in tests/fixtures/json-schema-test-suite
 * (see SOURCE, LICENSE). Remote schemas are served from the suite's remotes/ folder at the URIs the
 * suite uses (http://localhost:1234/...).
 */
interface Group {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}
const root = new URL('../fixtures/json-schema-test-suite/', import.meta.url);

function remotes(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (dir: URL, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`);
      else if (entry.name.endsWith('.json'))
        out[`http://localhost:1234/${prefix}${entry.name}`] = JSON.parse(
          readFileSync(new URL(entry.name, dir), 'utf8'),
        );
    }
  };
  walk(new URL('remotes/', root), '');
  // The suite expects the meta-schemas to be known; ajv (a dev dependency) ships them.
  const ajvRefs = new URL('../../node_modules/ajv/dist/refs/', import.meta.url);
  const read = (path: string) => JSON.parse(readFileSync(new URL(path, ajvRefs), 'utf8')) as { $id: string };
  for (const path of [
    'json-schema-draft-07.json',
    'json-schema-2020-12/schema.json',
    ...readdirSync(new URL('json-schema-2020-12/meta/', ajvRefs)).map((f) => `json-schema-2020-12/meta/${f}`),
  ]) {
    const schema = read(path);
    out[schema.$id.replace(/#$/, '')] = schema;
  }
  return out;
}

function score(folder: string, draft: Draft) {
  const dir = new URL(`${folder}/`, root);
  const store = remotes();
  let total = 0;
  const failed: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    for (const group of JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Group[]) {
      // One validator per group: its tests share the schema.
      let validate: ((data: unknown) => { valid: boolean }) | undefined;
      let setupError: string | undefined;
      try {
        validate = createValidator(group.schema, { draft, remotes: store }).validate;
      } catch (error) {
        setupError = (error as Error).message;
      }
      for (const test of group.tests) {
        total++;
        const name = `${file} / ${group.description} / ${test.description}`;
        try {
          if (!validate) failed.push(`${name}: ${setupError}`);
          else if (validate(test.data).valid !== test.valid) failed.push(name);
        } catch (error) {
          failed.push(`${name}: ${(error as Error).message}`);
        }
      }
    }
  }
  return { total, failed };
}

describe('JSON Schema compliance (JSON-Schema-Test-Suite, required tests)', () => {
  for (const [folder, draft] of [
    ['draft7', '7'],
    ['draft2020-12', '2020-12'],
  ] as const) {
    it(`passes at least 99% of ${folder}`, () => {
      const { total, failed } = score(folder, draft);
      console.info(
        `${folder}: ${total - failed.length}/${total} (none skipped); failed:\n${failed.map((f) => f.split('\n')[0]).join('\n')}`,
      );
      expect(total).toBeGreaterThan(900);
      expect((total - failed.length) / total).toBeGreaterThanOrEqual(0.99);
      // A score, not a speed: about 3 s alone, far more on a loaded machine.
    }, 60_000);
  }
});
