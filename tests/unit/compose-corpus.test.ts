import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { convertToCompose } from '../../src/core/compose/convert.ts';
import { CORPUS_COMMANDS } from '../fixtures/docker/corpus-commands.ts';
import { CORPUS_EXPECTED } from '../fixtures/docker/corpus-expected.ts';

describe('the docker run corpus', () => {
  it('has an expectation for every command, and a size worth reporting', () => {
    expect(Object.keys(CORPUS_EXPECTED).sort()).toEqual(CORPUS_COMMANDS.map((c) => c.name).sort());
    expect(CORPUS_COMMANDS.length).toBeGreaterThanOrEqual(50);
    for (const command of CORPUS_COMMANDS) expect(command.source, command.name).not.toBe('');
  });

  describe.each(CORPUS_COMMANDS.map((c) => [c.name, c] as const))('%s', (name, corpus) => {
    const expected = CORPUS_EXPECTED[name]!;
    const result = convertToCompose(corpus.command);
    const file = result.data as {
      services: Record<string, Record<string, unknown>>;
      networks?: unknown;
      volumes?: unknown;
    };

    it('makes the expected services, field by field', () => {
      const services = expected.file.services as Record<string, Record<string, unknown>>;
      expect(Object.keys(file.services)).toEqual(Object.keys(services));
      for (const [service, fields] of Object.entries(services)) {
        expect(Object.keys(file.services[service]!), service).toEqual(Object.keys(fields));
        for (const [field, value] of Object.entries(fields))
          expect(file.services[service]![field], `${service}.${field}`).toEqual(value);
      }
      expect(file.networks).toEqual(expected.file.networks);
      expect(file.volumes).toEqual(expected.file.volumes);
    });

    it('gives the expected warnings, each with a place', () => {
      expect([...new Set(result.warnings.map((w) => w.code))].sort()).toEqual(expected.warnings);
      for (const warning of result.warnings) expect(warning.span, warning.message).toBeDefined();
    });

    it('is valid against the Compose Specification schema, and its YAML reads back as the same data', () => {
      expect(result.validation).toEqual({ valid: true, problems: [] });
      expect(parse(result.yaml, { version: '1.1' })).toEqual(result.data);
      expect(parse(result.yaml)).toEqual(result.data);
    });
  });
});
