import { describe, expect, it } from 'vitest';
import { convertToCompose } from '../../src/core/compose/convert.ts';
import { composeToDockerRun, shellWord, splitCommand } from '../../src/core/compose/reverse.ts';
import { tokenizeBash } from '../../src/core/shell/bash.ts';
import { CORPUS_COMMANDS } from '../fixtures/docker/corpus-commands.ts';
import { CASES } from '../fixtures/docker/option-cases.ts';

/** docker run → Compose → docker run → Compose gives the same file. */
function roundTrip(command: string) {
  const first = convertToCompose(command);
  const back = composeToDockerRun(first.yaml);
  const second = convertToCompose(back.text);
  return { first: first.data, back, second: second.data };
}

describe('Compose back to docker run', () => {
  it.each(CORPUS_COMMANDS.map((c) => [c.name, c.command] as const))(
    'corpus: %s survives the round trip',
    (_name, command) => {
      const { first, second } = roundTrip(command);
      expect(second).toEqual(first);
    },
  );

  const cases = Object.entries(CASES).flatMap(([option, list]) =>
    list.filter((c) => c.program !== 'podman').map((c) => [option, c.args] as const),
  );
  it.each(cases)('--%s: %s survives the round trip', (_option, args) => {
    const { first, second } = roundTrip(`docker run ${args} img`);
    expect(second).toEqual(first);
  });

  it('writes one option a line, creates the networks first, and quotes for bash', () => {
    const { text, services } = composeToDockerRun(`services:
  web:
    image: nginx:alpine
    ports: ["8080:80"]
    environment:
      GREETING: it's $$5 for \${USER}
      EMPTY:
    networks: [front]
    command: nginx -g "daemon off;"
networks:
  front:
    driver: bridge
`);
    expect(text).toBe(
      [
        'docker network create --driver bridge front',
        '',
        'docker run -d \\',
        `  -e "GREETING=it's \\$5 for \${USER}" \\`,
        '  -e EMPTY \\',
        '  -p 8080:80 \\',
        '  --network front \\',
        "  nginx:alpine nginx -g 'daemon off;'",
        '',
      ].join('\n'),
    );
    expect(services.map((s) => s.name)).toEqual(['web']);
    // What bash makes of it is what Compose meant.
    const words = tokenizeBash(text).commands[1]!.words.map((w) => w.value);
    expect(words[4]).toBe("GREETING=it's $5 for \uE000USER\uE001");
  });

  it('warns at the place of what docker run cannot express, and skips a service without an image', () => {
    const yaml =
      'services:\n  api:\n    build: .\n  web:\n    image: nginx\n    depends_on: [api]\n    deploy:\n      replicas: 3\n';
    const result = composeToDockerRun(yaml);
    expect(result.services.map((s) => s.name)).toEqual(['web']);
    expect(result.warnings.map((w) => [w.span?.line, w.span?.column, w.message.split(':')[0]])).toEqual([
      [2, 3, 'api has no image (build only)'],
      [6, 5, 'depends_on has no docker run equivalent; left out.'],
      [7, 5, 'deploy.replicas has no docker run equivalent; left out.'],
    ]);
  });

  it('quotes words for bash and splits Compose command strings as Compose does', () => {
    expect(shellWord('plain/word:1')).toBe('plain/word:1');
    expect(shellWord('a b')).toBe(`'a b'`);
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord('$$HOME')).toBe(`'$HOME'`);
    expect(shellWord('${HOME}/x "y"')).toBe(`"\${HOME}/x \\"y\\""`);
    expect(shellWord('')).toBe(`''`);
    expect(splitCommand(`sh -c 'echo "a b"' "x\\"y" z\\ w`)).toEqual(['sh', '-c', 'echo "a b"', 'x"y', 'z w']);
  });

  it('refuses what is not a Compose file', () => {
    expect(() => composeToDockerRun('')).toThrow(/empty/);
    expect(() => composeToDockerRun('services: {}\n')).toThrow(/no services/);
    expect(() => composeToDockerRun('services: [\n')).toThrow(/not valid YAML/);
  });
});
