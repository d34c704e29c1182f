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
import { defineEquivalenceSuite, invalidSkips, narrowed } from './suite.ts';

const runnable = CORPUS.filter((c) => c.wire !== false && (c.dialect ?? 'bash') === 'bash');

/** Narrowed by EQUIVALENCE_TARGETS and EQUIVALENCE_CASES (see `narrowed`). */
const { generators: chosenGenerators, cases: chosenCases } = narrowed(GENERATORS, runnable);

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
