/**
 * The Java statements a generator builds from known parts (`JvmProgram.callStatement` and
 * `chainDeclaration`) are laid out from those parts, without the document. Whatever they lay out must be
 * what the document (`javaStatementLines`, google-java-format's layout) writes for the same text: checked on
 * every statement the corpus and the hostile-strings cases produce, at three depths, and on many
 * statements of random lengths around the 100-column limit.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  directCallLines,
  directChainLines,
  javaCallText,
  javaStatementLines,
  JvmProgram,
  type JavaCall,
} from '../../src/core/generators/java/kit.ts';
import { ADVERSARIAL } from '../fixtures/adversarial.ts';
import { CORPUS, type CorpusCase } from '../fixtures/curl-corpus.ts';
import { generateAll } from '../support/generate-commands.ts';
import { random } from '../support/random.ts';

type Built =
  | { kind: 'call'; name: string; args: string[]; text: string }
  | { kind: 'chain'; declaration: string; head: string; calls: JavaCall[]; text: string };

const DEPTHS = [2, 3, 4];

/** Direct lines, or the document's when the direct layout declines; and the document's lines. */
function both(built: Built, depth: number): { direct: string[] | null; document: string[] } {
  const direct =
    built.kind === 'call'
      ? directCallLines(built.name, built.args, depth)
      : directChainLines(built.declaration, built.head, built.calls, depth);
  return { direct, document: javaStatementLines(built.text, depth, '  ') };
}

describe('statements the Java generators build from parts', () => {
  const built: Built[] = [];
  const call = vi.spyOn(JvmProgram.prototype, 'callStatement');
  const chain = vi.spyOn(JvmProgram.prototype, 'chainDeclaration');
  afterAll(() => {
    call.mockRestore();
    chain.mockRestore();
  });
  const record = (commands: { cmd: string; dialect?: CorpusCase['dialect'] }[]): Built[] => {
    call.mockClear();
    chain.mockClear();
    generateAll('java', commands);
    return [
      ...call.mock.calls.map(([name, args], i): Built => ({
        kind: 'call',
        name,
        args,
        text: call.mock.results[i]!.value as string,
      })),
      ...chain.mock.calls.map(([declaration, head, calls], i): Built => ({
        kind: 'chain',
        declaration,
        head,
        calls,
        text: chain.mock.results[i]!.value as string,
      })),
    ];
  };
  const corpus = record(CORPUS);
  const hostile = record(ADVERSARIAL);
  built.push(...corpus, ...hostile);

  it('are many, and the corpus’s are nearly all laid out directly at main’s depth', () => {
    expect(built.filter((b) => b.kind === 'call').length).toBeGreaterThan(100);
    expect(built.filter((b) => b.kind === 'chain').length).toBeGreaterThan(500);
    // The rest hold text that is not printable ASCII, or an argument that has to break (Basic auth's Base64 call).
    const direct = corpus.filter((b) => both(b, 2).direct !== null).length;
    expect(direct / corpus.length).toBeGreaterThan(0.9);
  });

  it('are laid out as the document lays them out, wherever the direct layout answers', () => {
    const wrong: string[] = [];
    for (const b of built) {
      for (const depth of DEPTHS) {
        const { direct, document } = both(b, depth);
        if (direct && JSON.stringify(direct) !== JSON.stringify(document)) {
          wrong.push(`depth ${depth}: ${b.text}\n${direct.join('\n')}\n--- the document:\n${document.join('\n')}`);
        }
      }
    }
    expect(wrong.slice(0, 3)).toEqual([]);
  });
});

describe('random statements around the line limit', () => {
  const next = random(20261127);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const word = (max: number) => 'abcdefghij klmnopqrstuvwxyz-/:;=\\"'.repeat(6).slice(0, Math.floor(next() * max));
  const literal = (max: number) => JSON.stringify(word(max));
  const argument = (): string =>
    pick([
      () => literal(90),
      () => `${literal(40)}.getBytes(StandardCharsets.UTF_8)`,
      () => `${literal(30)} + boundary + ${literal(30)}`,
      () => pick(['body', 'boundary', 'reportBytes', 'content']),
      () => `Files.readAllBytes(Path.of(${literal(50)}))`,
      () => `URI.create(${literal(90)})`,
      () => `HttpRequest.BodyPublishers.ofString(${literal(70)})`,
      () => `Duration.ofSeconds(${Math.floor(next() * 100)})`,
      () => `HttpRequest.BodyPublishers.ofString(${literal(130)})`,
      () => `RequestBody.create(${literal(140)}.getBytes(StandardCharsets.UTF_8), MediaType.get(${literal(40)}))`,
      () => `${literal(120)}.getBytes(StandardCharsets.UTF_8)`,
      () =>
        `MultipartBody.Part.create(${literal(60)}, ${literal(60)}, RequestBody.create(new File(${literal(40)}), null))`,
      () => `Files.readString(Path.of(${literal(90)}))`,
      () => `Base64.getEncoder().encodeToString(${literal(60)}.getBytes(StandardCharsets.UTF_8))`,
      () => 'HttpRequest.BodyPublishers.noBody()',
      () => `ProxySelector.of(new InetSocketAddress(${literal(60)}, 8080))`,
      () => pick(['"%s"', '"{0}"', 'a', '"x"']),
    ])();
  const callOf = (): JavaCall => {
    const name = pick(['header', 'uri', 'POST', 'method', 'timeout', 'version', 'setHeader', 'build', 'format']);
    const count =
      name === 'build'
        ? 0
        : name === 'format'
          ? 3
          : name === 'header' || name === 'method' || name === 'setHeader'
            ? 2
            : 1;
    return { name, args: Array.from({ length: count }, argument) };
  };
  const cases: Built[] = [];
  for (let i = 0; i < 3000; i++) {
    if (next() < 0.4) {
      const args = Array.from({ length: 1 + Math.floor(next() * 4) }, argument);
      const name = pick(['writePart', 'send', 'addPart', 'stream', 'f']);
      cases.push({ kind: 'call', name, args, text: `${name}(${args.join(', ')});` });
    } else {
      const declaration = pick(['HttpRequest request', 'Request request', 'HttpResponse<String> response']);
      const head = pick([
        'HttpRequest.newBuilder()',
        'HttpClient.newBuilder()',
        'new Request.Builder()',
        'new MultipartBody.Builder()',
        'URL.create()',
        'client.send()',
        'new builder()',
      ]);
      const calls = [...Array.from({ length: Math.floor(next() * 6) }, callOf), { name: 'build', args: [] }];
      const text = `${declaration} = ${head}${calls.map(javaCallText).join('')};`;
      cases.push({ kind: 'chain', declaration, head, calls, text });
    }
  }

  it('are laid out as the document lays them out, wherever the direct layout answers', () => {
    const wrong: string[] = [];
    let answered = 0;
    for (const b of cases) {
      for (const depth of DEPTHS) {
        const { direct, document } = both(b, depth);
        if (!direct) continue;
        answered++;
        if (JSON.stringify(direct) !== JSON.stringify(document)) {
          wrong.push(`depth ${depth}: ${b.text}\n${direct.join('\n')}\n--- the document:\n${document.join('\n')}`);
        }
      }
    }
    expect(wrong.slice(0, 3)).toEqual([]);
    // Most answer, over one line and broken: the comparison is not over only what fits.
    expect(answered).toBeGreaterThan(cases.length * DEPTHS.length * 0.4);
    const laid = cases.map((b) => both(b, 2).direct ?? []);
    expect(laid.filter((lines) => lines.length > 2).length).toBeGreaterThan(300);
    // Arguments one a line, and a static call broken inside its parentheses, are among them.
    const oneALine = (lines: string[]) => lines.some((line, i) => line.endsWith('(') && lines[i + 1]?.endsWith(','));
    expect(laid.filter(oneALine).length).toBeGreaterThan(50);
    expect(laid.filter((lines) => lines.some((line) => line.endsWith('.ofString('))).length).toBeGreaterThan(50);
    // Calls on a literal broken before the call, and static calls of several arguments broken inside.
    expect(laid.filter((lines) => lines.some((line) => line.trim().startsWith('.getBytes('))).length).toBeGreaterThan(
      50,
    );
    expect(laid.filter((lines) => lines.some((line) => line.endsWith('RequestBody.create('))).length).toBeGreaterThan(
      20,
    );
  });

  it('decline what only the document can lay out', () => {
    const long = `"${'x'.repeat(120)}"`;
    // An argument that would have to break inside.
    expect(directCallLines('writePart', ['body', `${long} + boundary`], 2)).toBeNull();
    // Arguments under 10 characters each are filled, not one a line.
    expect(
      directCallLines(
        'f',
        Array.from({ length: 12 }, (_, i) => `a${i}`),
        40,
      ),
    ).toBeNull();
    // A block or a lambda, and text that is not printable ASCII.
    expect(directCallLines('run', ['() -> { go(); }'], 2)).toBeNull();
    expect(directChainLines('A a', 'A.b()', [{ name: 'c', args: ['"é"'] }], 2)).toBeNull();
    // Not a type's static call at the head.
    expect(directChainLines('A a', 'a.b()', [{ name: 'c', args: [long] }], 2)).toBeNull();
    // A format call's first argument.
    expect(
      directChainLines(
        'Ab ab',
        'Ab.b()',
        [
          { name: 'c', args: ['"%s"', long, 'b'] },
          { name: 'build', args: [] },
        ],
        2,
      ),
    ).toBeNull();
    // Braces and arrows inside a string literal are text.
    expect(directCallLines('f', ['"{ -> }"'], 2)).toEqual(['    f("{ -> }");']);
  });
});
