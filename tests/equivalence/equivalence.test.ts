/**
 * Execution equivalence: for every corpus command curl can send, every
 * registered generator's program must send what real curl sends (after the
 * normalisation of the equivalence guide), and pass its language's own
 * checks (syntax, compiler without warnings, vet, formatter).
 */
import { describe, expect, it } from 'vitest';
import { GENERATORS } from '../../src/core/generators/registry.ts';
import { ADVERSARIAL } from '../fixtures/adversarial.ts';
import { CORPUS, CORPUS_FILES } from '../fixtures/curl-corpus.ts';
import { SKIPS } from './skips.ts';
import { defineEquivalenceSuite, invalidSkips } from './suite.ts';

const runnable = CORPUS.filter((c) => c.wire !== false && (c.dialect ?? 'bash') === 'bash');

/**
 * A run can be narrowed, to spare a shared machine: EQUIVALENCE_TARGETS=go-net-http,rust-reqwest
 * (target ids) and EQUIVALENCE_CASES=<regular expression on case names>. The whole matrix runs without them.
 */
const onlyTargets = process.env.EQUIVALENCE_TARGETS?.split(',').map((id) => id.trim());
const onlyCases = process.env.EQUIVALENCE_CASES ? new RegExp(process.env.EQUIVALENCE_CASES) : undefined;
const chosenGenerators = onlyTargets ? GENERATORS.filter((g) => onlyTargets.includes(g.id)) : GENERATORS;
const chosenCases = onlyCases ? runnable.filter((c) => onlyCases.test(c.name)) : runnable;

describe('the skip list', () => {
  it('names only registered targets and existing cases, each once, with a reason', () => {
    const names = new Set([...runnable, ...ADVERSARIAL].map((c) => c.name));
    expect(invalidSkips(SKIPS, GENERATORS, names)).toEqual([]);
  });

  it('has unique case names to refer to', () => {
    const names = runnable.map((c) => c.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});

describe('generated programs vs real curl', () => {
  defineEquivalenceSuite({
    suite: 'equivalence',
    cases: chosenCases,
    files: CORPUS_FILES,
    generators: chosenGenerators,
    skips: SKIPS,
  });
});
