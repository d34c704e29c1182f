import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, generateValidators } from '../../scripts/lib/openapi-validators.ts';

describe('the generated OpenAPI validators', () => {
  const committed = readFileSync(GENERATED_FILE, 'utf8');

  it('are up to date with the schemas and the generator (else run npm run openapi:validators)', async () => {
    expect(await generateValidators()).toBe(committed);
  }, 60_000);

  it('hold no run-time code generation and no require (extension pages forbid eval; the bundle must be self-contained)', () => {
    expect(committed).not.toMatch(/\bFunction\(|\beval\(/);
    // (Ajv's runtime keeps the text 'require("ajv/dist/runtime/equal")' as a string for its own compiler: not a call.)
    expect(committed).not.toMatch(/[^'"\w]require\(/);
    expect(committed).not.toContain('__require(');
  });
});
