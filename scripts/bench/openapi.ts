/**
 * OpenAPI validation of large real specs, as the tool's worker runs it
 * (the same core function, here in Node): reading with positions, the
 * official schema, the semantic rules, and placing every problem.
 * The specs are Stripe's and Twilio's public descriptions (MIT,
 * tests/fixtures/openapi/real/, see its README); the largest, Stripe's
 * 2.85 MB YAML, carries the budget (under 1 s).
 */
import { readFileSync } from 'node:fs';
import { validateOpenApi } from '../../src/core/openapi/validate.ts';
import { isMain, printSection } from './print.ts';
import { stats, type Figure, type Section } from './types.ts';

const SPECS: { id: string; file: string; budgetMs?: number }[] = [
  { id: 'stripe-spec3-yaml', file: 'tests/fixtures/openapi/real/stripe_spec3.yaml', budgetMs: 1000 },
  { id: 'twilio-api-v2010-json', file: 'tests/fixtures/openapi/real/twilio_api_v2010.json', budgetMs: 1000 },
  { id: 'twilio-api-v2010-yaml', file: 'tests/fixtures/openapi/real/twilio_api_v2010.yaml', budgetMs: 1000 },
  { id: 'twilio-conversations-yaml', file: 'tests/fixtures/openapi/real/twilio_conversations_v1.yaml' },
];

export async function run(samples = 7): Promise<Section> {
  const figures: Figure[] = [];
  const table: string[][] = [['spec', 'size', 'version', 'problems', 'median', 'p95']];
  for (const spec of SPECS) {
    const text = readFileSync(spec.file, 'utf8');
    const first = validateOpenApi(text); // warm-up
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      validateOpenApi(text);
      times.push(performance.now() - started);
    }
    const { median, p95 } = stats(times);
    const mb = (text.length / 1024 / 1024).toFixed(2);
    figures.push({
      id: `openapi.validate.${spec.id}`,
      label: `validate ${spec.file.split('/').pop()} (${mb} MB)`,
      value: Math.round(median),
      unit: 'ms',
      budget: spec.budgetMs ? { max: spec.budgetMs, text: `under ${spec.budgetMs} ms` } : undefined,
      note: `median of ${samples}; ${first.errors} errors, ${first.warnings} warnings`,
    });
    table.push([
      spec.id,
      `${mb} MB`,
      first.version ?? '?',
      String(first.problems.length),
      `${median.toFixed(0)} ms`,
      `${p95.toFixed(0)} ms`,
    ]);
  }
  return { title: 'OpenAPI validation (large real specs)', figures, table };
}

if (isMain(import.meta.url)) printSection(await run());
