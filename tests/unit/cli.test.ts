import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/curl-to-code.ts';
import { groupTargets, listTargets } from '../../src/core/generators/targets.ts';

async function run(args: string[], input = '', files: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readInput: (file) => {
      if (file === undefined || file === '-') return input;
      if (!(file in files)) throw new Error('no such file');
      return files[file]!;
    },
    readFile: (path) => new TextEncoder().encode(files[path] ?? ''),
  });
  return { code, stdout, stderr };
}

describe('curl-to-code CLI', () => {
  it('prints the request model with --json', async () => {
    const { code, stdout, stderr } = await run(['--json'], "curl -X PUT -H 'X-A: 1' https://api.example.com/items/1");
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const json = JSON.parse(stdout);
    expect(json).toMatchObject({
      dialect: 'bash',
      requests: [{ method: 'PUT', url: 'https://api.example.com/items/1', headers: [{ name: 'X-A', value: '1' }] }],
    });
  });

  it('prints the wire request with --wire, reading a file argument and @files', async () => {
    const { code, stdout } = await run(['--wire', 'cmd.sh'], '', {
      'cmd.sh': 'curl -d @body.txt https://api.example.com/p',
      'body.txt': 'a=1\nb=2\n',
    });
    expect(code).toBe(0);
    expect(stdout).toContain('POST /p\nHost: api.example.com\n');
    expect(stdout).toContain('Content-Type: application/x-www-form-urlencoded\n\na=1b=2\n');
  });

  it('sends warnings to stderr with their position', async () => {
    const { code, stderr } = await run(['--json'], 'curl --cacert ca.pem https://a.example/');
    expect(code).toBe(0);
    expect(stderr).toMatch(/^warning \(line 1, column 6\): --cacert is not modelled/);
  });

  it('exits 1 on bad input with the message and a caret under the place', async () => {
    const { code, stdout, stderr } = await run(['--json'], 'curl --data-rwa x https://a.example/');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'curl-to-code: Unknown curl option "--data-rwa": did you mean --data-raw? (line 1, column 6)\n' +
        '  curl --data-rwa x https://a.example/\n' +
        '       ^\n',
    );
  });

  it('exits 1 when the input file cannot be read', async () => {
    expect((await run(['--json', 'missing.sh'])).code).toBe(1);
  });

  it.each([
    [[], /Choose --to/],
    [['--to'], /--to needs a target id/],
    [['--to', 'cobol'], /Unknown target "cobol"/],
    [['--json', '--dialect', 'fish'], /--dialect must be/],
    [['--frobnicate'], /Unknown option --frobnicate/],
    [['--json', 'a', 'b'], /at most one input file/],
  ])('exits 2 on bad usage %j', async (args, message) => {
    const { code, stderr } = await run(args as string[]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toContain('Usage: curl-to-code');
  });

  it('honours a forced dialect', async () => {
    const { stdout } = await run(['--json', '--dialect', 'cmd'], 'curl ^"https://a.example/?x=1^&y=2^"');
    expect(JSON.parse(stdout).requests[0].url).toBe('https://a.example/?x=1&y=2');
  });

  it('lists the targets grouped by language, and narrows the list by words', async () => {
    const all = await run(['--list']);
    expect(all.code).toBe(0);
    const lines = all.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('JavaScript');
    expect(lines[1]).toMatch(/^ {2}javascript-fetch +JavaScript \(fetch\)$/);
    expect(lines.filter((line) => line.startsWith('  '))).toHaveLength(listTargets().length);
    expect(lines.filter((line) => !line.startsWith('  '))).toEqual(groupTargets(listTargets()).map((g) => g.group));

    const python = await run(['--list', 'py req']);
    expect(python.stdout).toMatch(/^Python\n {2}python-requests {2}Python \(requests\)\n$/);
    const none = await run(['--list', 'cobol']);
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('curl-to-code: no target matches "cobol".\n');
  });
});
