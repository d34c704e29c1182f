import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DOCKER_RUN_OPTIONS,
  findLong,
  findShort,
  optionCoverage,
  REFERENCE_OPTIONS,
  suggestLong,
} from '../../src/core/compose/options.ts';

/** The reference's options table: name(s), type. */
function referenceRows(): { long: string; short?: string; type: string }[] {
  const text = readFileSync(new URL('../fixtures/docker/container_run-options.md', import.meta.url), 'utf8');
  const rows: { long: string; short?: string; type: string }[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('| ') || line.startsWith('| Name')) continue;
    const [names, type] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    const flags = [...names!.matchAll(/`(-{1,2}[a-zA-Z0-9-]+)`/g)].map((m) => m[1]!);
    const long = flags.find((f) => f.startsWith('--'));
    if (!long) continue;
    const short = flags.find((f) => !f.startsWith('--'));
    rows.push({ long: long.slice(2), ...(short ? { short: short.slice(1) } : {}), type: type!.replace(/`/g, '') });
  }
  return rows;
}

describe('the docker run option table', () => {
  const rows = referenceRows();

  it('reads the reference fixture', () => {
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.find((r) => r.long === 'publish')).toEqual({ long: 'publish', short: 'p', type: 'list' });
  });

  it('knows every option of the reference, with its short form and value type, and nothing the reference lacks', () => {
    for (const row of rows) {
      const spec = findLong(row.long);
      expect(spec, row.long).toBeDefined();
      expect(spec!.short, row.long).toBe(row.short);
      expect(spec!.type, row.long).toBe(row.type);
      if (row.short) expect(findShort(row.short)).toBe(spec);
    }
    expect(REFERENCE_OPTIONS.map((s) => s.long).sort()).toEqual(rows.map((r) => r.long).sort());
  });

  it('maps each option to a Compose field or says why there is none, never both', () => {
    for (const spec of DOCKER_RUN_OPTIONS) {
      expect(Boolean(spec.compose) !== Boolean(spec.unsupported), spec.long).toBe(true);
      if (spec.unsupported) expect(spec.unsupported.length, spec.long).toBeGreaterThan(20);
    }
  });

  it('reports its coverage of the reference', () => {
    const coverage = optionCoverage();
    expect(coverage.total).toBe(rows.length);
    expect(coverage.mapped + coverage.warned).toBe(coverage.total);
    expect(coverage.mapped).toBeGreaterThanOrEqual(85);
  });

  it('keeps podman-only options away from docker and suggests close names', () => {
    expect(findLong('pod')).toBeUndefined();
    expect(findLong('pod', 'podman')?.unsupported).toBeDefined();
    expect(suggestLong('publsh')).toBe('--publish');
    expect(suggestLong('zzzzzzzz')).toBeUndefined();
  });
});
