import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The built CLI, run with plain node as a user would after `npm run build`. */
function cli(args: string[], input: string) {
  return spawnSync(process.execPath, ['dist/node/cli/curl-to-code.js', ...args], { input, encoding: 'utf8' });
}

describe('built curl-to-code', () => {
  it('runs under plain node and prints the model', () => {
    const result = cli(['--json'], "curl -sSL -H 'Accept: application/json' https://api.example.com/v1/me");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).requests[0]).toMatchObject({
      method: 'GET',
      headers: [{ name: 'Accept', value: 'application/json' }],
      transport: { followRedirects: true },
    });
  });

  it('exits 1 with a positioned message on bad input', () => {
    const result = cli(['--json'], 'curl -d \'{"a": 1}');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/line 1, column \d+/);
    // Converting goes through the scripts, whose error type is a copy of the CLI's.
    const converting = cli(['--to', 'python-requests'], 'curl -d \'{"a": 1}');
    expect(converting.status).toBe(1);
    expect(converting.stderr).toMatch(/line 1, column \d+/);
    expect(converting.stderr).toContain('^');
  });
});

/** Runs `program` (an ES module) in a fresh node process and returns what it printed, as JSON. */
function fresh(program: string): unknown {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr.split('\n').slice(-8).join('\n').slice(-2000));
  return JSON.parse(result.stdout);
}

describe('the conversion scripts and their code cache', () => {
  const command = "curl -H 'X-Token: 1' --data-urlencode 'q=x y' -b 'sid=1' https://api.example.com/v1/upload";
  const convertIn = (dir: string) => `
    const m = await import(${JSON.stringify(pathToFileURL(`${dir}/convert-on-demand.cjs`).href)});
    const codes = [];
    for (const target of ['python-requests', 'rust-reqwest', 'go-net-http']) codes.push((await m.convertOnDemand(${JSON.stringify(command)}, target)).code);
    let error = null;
    try { await m.convertOnDemand("curl -d '{", 'python-requests'); } catch (e) { error = { same: e instanceof m.CurlParseError, line: e.span.line }; }
    console.log(JSON.stringify({ codes, error, cache: m.codeCacheState() }));`;

  it('a fresh process takes every cache the build wrote, converts as the core does and throws its error type', async () => {
    const { convert } = await import('../../src/core/index.ts');
    const out = fresh(convertIn(resolve('dist/node'))) as {
      codes: string[];
      error: { same: boolean; line: number };
      cache: { scripts: number; accepted: number };
    };
    expect(out.codes).toEqual(
      ['python-requests', 'rust-reqwest', 'go-net-http'].map((target) => convert(command, target).code),
    );
    expect(out.error).toEqual({ same: true, line: 1 });
    // The core and the scripts of three targets.
    expect(out.cache.scripts).toBeGreaterThanOrEqual(4);
    expect(out.cache.accepted).toBe(out.cache.scripts);
  });

  it('a cache V8 refuses costs only time: the script compiles and converts the same', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conversion-script-'));
    try {
      cpSync('dist/node', dir, { recursive: true });
      for (const file of readdirSync(join(dir, 'script', 'chunks')))
        if (file.endsWith('.cache')) writeFileSync(join(dir, 'script', 'chunks', file), 'not a code cache');
      const intact = fresh(convertIn(resolve('dist/node'))) as { codes: string[] };
      const out = fresh(convertIn(dir)) as { codes: string[]; cache: { scripts: number; accepted: number } };
      expect(out.codes).toEqual(intact.codes);
      // Only the core's own cache is left.
      expect(out.cache.accepted).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The second bin, one subcommand per tool with a pure core. */
function workbench(args: string[], input = '') {
  return spawnSync(process.execPath, ['dist/node/cli/http-workbench.js', ...args], { input, encoding: 'utf8' });
}

describe('built http-workbench', () => {
  it('status: a code by number and by words', () => {
    const byNumber = workbench(['status', '429']);
    expect(byNumber.status).toBe(0);
    expect(byNumber.stdout).toContain('429 Too Many Requests');
    expect(byNumber.stdout).toContain('Retry-After');
    const byWords = workbench(['status', 'too', 'many']);
    expect(byWords.status).toBe(0);
    expect(byWords.stdout).toContain('429');
    const json = workbench(['status', '404', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ code: 404 });
  });

  it('convert: what curl-to-code does', () => {
    const result = workbench(['convert', '--to', 'python-requests'], 'curl https://api.example.com/x -d a=1');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('requests.post(');
  });

  it('convert: commands copied from PowerShell and cmd, whose tokenizers the on-demand entry leaves to chunks of their own', () => {
    const powershell = workbench(
      ['convert', '--to', 'python-requests'],
      "curl.exe 'https://api.example.com/x' `\n  -H 'X-A: 1'",
    );
    expect(powershell.status).toBe(0);
    expect(powershell.stdout).toContain('"X-A": "1"');
    const cmd = workbench(
      ['convert', '--to', 'python-requests'],
      'curl ^"https://api.example.com/x^" ^\n  -H ^"X-A: 1^"',
    );
    expect(cmd.status).toBe(0);
    expect(cmd.stdout).toContain('"X-A": "1"');
    // A bash command does not compile them: the entry only names their chunks.
    const entry = readFileSync('dist/node/script/conversion.cjs', 'utf8');
    expect(entry).not.toContain('This <# comment is never closed.');
    expect(entry).not.toContain('Copy as cURL (bash) keeps them.');
    expect(entry).toContain('./chunks/powershell-');
    expect(entry).toContain('./chunks/cmd-');
  });

  it('compose: docker run commands in, a Compose file out, warnings on standard error', () => {
    const result = workbench(
      ['compose'],
      '$ docker run -d --name web \\\n  -p 8080:80 nginx:alpine\r\ndocker run --gpus all ollama/ollama',
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('  web:\n    image: nginx:alpine\n    container_name: web\n');
    expect(result.stdout).toContain('            - count: all\n');
    expect(result.stderr).toContain('warning: 1:14: -d is left out');
    const bad = workbench(['compose'], "docker run -e 'A=1 nginx");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('http-workbench compose: <stdin>:1:15: This single quote is never closed.\n');
  });

  it('exits 2 on bad usage and 1 on bad input', () => {
    expect(workbench(['no-such-tool']).status).toBe(2);
    const unknown = workbench(['status', '999']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.length).toBeGreaterThan(0);
    const bad = workbench(['convert', '--json'], 'curl -d \'{"a": 1}');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/line 1, column \d+/);
  });
});
