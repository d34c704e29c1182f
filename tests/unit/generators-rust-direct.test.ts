/**
 * `let name = root.link(…)…;` statements whose root and arguments stay on one line are laid out directly
 * from the widths of their pieces. Wherever the direct layout answers, its text must be what the rustfmt
 * rules of the kit write: checked on every statement the corpus and the hostile-strings cases produce, and on
 * many random chains around the 100-column limit and the 60-column chain and call widths.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  atom,
  call,
  chain,
  directStatementOf,
  link,
  rustLiteral,
  statementByRules,
  type Expr,
  type Link,
} from '../../src/core/generators/rust/kit.ts';
import { ADVERSARIAL } from '../fixtures/adversarial.ts';
import { CORPUS, type CorpusCase } from '../fixtures/curl-corpus.ts';
import { generateAll } from '../support/generate-commands.ts';
import { random } from '../support/random.ts';

interface Built {
  lhs: string | null;
  expr: Expr;
  indent: number;
}

const recorded = vi.hoisted(() => [] as Built[]);

vi.mock('../../src/core/generators/rust/kit.ts', async (importOriginal) => {
  const kit = await importOriginal<typeof import('../../src/core/generators/rust/kit.ts')>();
  return {
    ...kit,
    statement: (lhs: string | null, expr: Expr, indent: number) => {
      recorded.push({ lhs, expr, indent });
      return kit.statement(lhs, expr, indent);
    },
  };
});

function record(commands: { cmd: string; dialect?: CorpusCase['dialect'] }[]): Built[] {
  recorded.length = 0;
  generateAll('rust', commands);
  return recorded.splice(0);
}

/** The statements where the direct layout answers and differs from the rules, and how many it answered. */
function compare(built: Built[]): { wrong: string[]; answered: string[] } {
  const wrong: string[] = [];
  const answered: string[] = [];
  for (const { lhs, expr, indent } of built) {
    const direct = directStatementOf(lhs, expr, indent);
    if (direct === null) continue;
    answered.push(direct);
    const rules = statementByRules(lhs, expr, indent);
    if (direct !== rules) wrong.push(`direct:\n${direct}\n--- the rules:\n${rules}`);
  }
  return { wrong, answered };
}

describe('statements the Rust generator builds', () => {
  const corpus = record(CORPUS);
  const hostile = record(ADVERSARIAL);

  it('are many, and most of the corpus’s chains are laid out directly', () => {
    const chains = corpus.filter((b) => b.lhs !== null && b.expr.t === 'chain');
    expect(chains.length).toBeGreaterThan(300);
    expect(hostile.length).toBeGreaterThan(500);
    // The rest hold text that is not printable ASCII, a literal longer than a line, or an argument that breaks.
    expect(compare(chains).answered.length / chains.length).toBeGreaterThan(0.9);
  });

  it('are laid out as the rules lay them out, wherever the direct layout answers', () => {
    const { wrong, answered } = compare([...corpus, ...hostile]);
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(answered.length).toBeGreaterThan(800);
  });
});

describe('random chains around the line limit', () => {
  const next = random(20261127);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const word = (max: number) => 'abcdefghij klmnopqrstuvwxyz-/:;=\\"#'.repeat(6).slice(0, Math.floor(next() * max));
  const literal = (max: number) => atom(rustLiteral(word(max)));
  // Arguments the direct layout leaves to the rules (too long for a line, a chain, an array) now and then.
  const argument = (): Expr => (next() < 0.05 ? rare() : common());
  const rare = (): Expr =>
    pick<() => Expr>([
      () => literal(95),
      () => chain(literal(40), [link('as_bytes')]),
      () => ({ t: 'array', items: [literal(20), literal(20)] }),
    ])();
  const common = (): Expr =>
    pick<() => Expr>([
      () => literal(80),
      () => literal(12),
      () => literal(50),
      () => atom(pick(['file', 'form', 'body', 'proxy', 'x']), false),
      () => atom(pick(['true', '5', 'method'])),
      () => call('reqwest::redirect::Policy::none', []),
      () => call('reqwest::redirect::Policy::limited', [atom(String(Math.floor(next() * 100)))]),
      () => call('Duration::from_secs', [atom(String(Math.floor(next() * 100)))]),
      () => call('Some', [literal(70)]),
      () => call('std::fs::read', [literal(80)], 1),
      () => call('multipart::Part::bytes', [call('std::fs::read', [literal(60)], 1)]),
      () => call('format!', [literal(40), literal(40)]),
      () => ({ t: 'ref', e: literal(70) }),
      () => ({ t: 'ref', e: call('String::from', [literal(70)]) }),
    ])();
  const linkOf = (): Link => {
    const name = next() < 0.03 ? 'to' : pick(['header', 'text', 'part', 'file_name', 'mime_str', 'post', 'query']);
    const count = name === 'header' || name === 'text' || name === 'part' ? 2 : name === 'query' ? 3 : 1;
    return link(name, Array.from({ length: count }, argument), name === 'mime_str' ? 1 : 0);
  };
  const cases: Built[] = [];
  for (let i = 0; i < 4000; i++) {
    const lhs = pick(['let x =', 'let response =', 'let mut form_with_a_long_name =', `let ${'y'.repeat(50)} =`]);
    const root = pick<() => Expr>([
      () => atom('client', false),
      () => atom('c', false),
      () => call('reqwest::blocking::Client::builder', []),
      () => call('multipart::Form::new', []),
      () => call('multipart::Part::text', [literal(70)]),
      () => call('multipart::Part::bytes', [call('std::fs::read', [literal(70)], 1)]),
      () => call('reqwest::Proxy::all', [literal(90)], 1),
    ])();
    const links = Array.from({ length: 1 + Math.floor(next() * next() * 5) }, linkOf);
    if (next() < 0.5) links.push(pick([link('build', [], 1), link('send', [], 1), link('unwrap_or_default')]));
    cases.push({ lhs, expr: chain(root, links), indent: pick([4, 4, 8]) });
  }

  // A root short enough to join its first link when the chain starts on the next line, under a long name.
  for (let i = 0; i < 300; i++) {
    const lhs = `let ${'y'.repeat(40 + Math.floor(next() * 20))} =`;
    const url = atom(`"${'u'.repeat(Math.floor(next() * 90))}"`);
    cases.push({ lhs, expr: chain(atom('c', false), [link(pick(['post', 'header']), [url])]), indent: 4 });
  }
  // Lists of short arguments, which the rules fill rather than put one a line.
  for (let i = 0; i < 300; i++) {
    const short = () => atom(`"${'s'.repeat(Math.floor(next() * 10))}"`);
    const args = Array.from({ length: 1 + Math.floor(next() * 12) }, () => (next() < 0.1 ? literal(30) : short()));
    cases.push({ lhs: 'let x =', expr: chain(atom('client', false), [link('values', args)]), indent: 4 });
  }

  it('are laid out as the rules lay them out, wherever the direct layout answers', () => {
    const { wrong, answered } = compare(cases);
    expect(wrong.slice(0, 3)).toEqual([]);
    // Many answer, on one line, on the next line and broken: the comparison is not over only what fits.
    expect(answered.length).toBeGreaterThan(cases.length * 0.3);
    expect(answered.filter((text) => !text.includes('\n')).length).toBeGreaterThan(200);
    expect(answered.filter((text) => /^let [^\n]*=\n/.test(text)).length).toBeGreaterThan(50);
    // Arguments one a line, and chains one link a line.
    expect(answered.filter((text) => /\(\n {8,}[^\n]*,\n/.test(text)).length).toBeGreaterThan(500);
    expect(answered.filter((text) => text.split('\n').length > 4).length).toBeGreaterThan(400);
  });
});
