import { describe, expect, it } from 'vitest';
import { convertToCompose } from '../../src/core/compose/convert.ts';
import { DOCKER_RUN_OPTIONS } from '../../src/core/compose/options.ts';

import { CASES, type Service } from '../fixtures/docker/option-cases.ts';

describe('every option of the table', () => {
  it('has at least one case', () => {
    const missing = DOCKER_RUN_OPTIONS.map((spec) => spec.long).filter((long) => !CASES[long]);
    expect(missing).toEqual([]);
  });

  const all = Object.entries(CASES).flatMap(([option, cases]) => cases.map((c) => [option, c.args, c] as const));
  it.each(all)('--%s: %s', (_option, _args, c) => {
    const result = convertToCompose(`${c.program ?? 'docker'} run ${c.args} img`);
    const data = result.data as { services: Record<string, Service>; networks?: unknown; volumes?: unknown };
    const [service] = Object.values(data.services);
    const { image, ...fields } = service!;
    expect(image).toBe('img');
    expect(fields).toEqual(c.service);
    expect(data.networks).toEqual(c.networks);
    expect(data.volumes).toEqual(c.volumes);
    if (c.warning) expect(result.warnings.map((w) => w.message).join('\n')).toContain(c.warning);
    expect(result.validation.problems).toEqual([]);
  });
});
