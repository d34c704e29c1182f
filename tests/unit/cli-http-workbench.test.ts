import { describe, expect, it } from 'vitest';
import { main as curlToCode } from '../../src/cli/curl-to-code.ts';
import { LIST_LIMIT, main } from '../../src/cli/http-workbench.ts';

function io(input = '', files: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: (t: string) => void (out.stdout += t),
      stderr: (t: string) => void (out.stderr += t),
      readInput: (file: string | undefined) => {
        if (file === undefined || file === '-') return input;
        if (!(file in files)) throw new Error('no such file');
        return files[file]!;
      },
      readFile: (path: string) => new TextEncoder().encode(files[path] ?? ''),
    },
  };
}

async function run(args: string[], input = '', files: Record<string, string> = {}) {
  const { out, io: fake } = io(input, files);
  const code = await main(args, fake);
  return { code, ...out };
}

describe('http-workbench', () => {
  it('prints usage for --help, and a usage error without a command', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: http-workbench <command>/);
    expect(help.stdout).toContain('convert [options] [file]');
    expect(help.stdout).toContain('status [--json] <code | words>');
    expect(help.stderr).toBe('');
    expect((await run(['-h'])).stdout).toBe(help.stdout);
    expect((await run(['help'])).stdout).toBe(help.stdout);

    const none = await run([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe(`http-workbench: Give a command.\n${help.stdout}`);
  });

  it('refuses an unknown command with exit 2', async () => {
    const result = await run(['frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^http-workbench: Unknown command "frobnicate"\.\nUsage: http-workbench/);
  });
});

describe('http-workbench convert', () => {
  const cases: [string, string[], string][] = [
    ['the request model', ['--json'], "curl -X PUT -H 'X-A: 1' https://api.example.com/items/1"],
    ['code', ['--to', 'python-requests'], 'curl -d a=1 https://api.example.com/p'],
    ['the target list', ['--list'], ''],
    ['a parse error', ['--json'], 'curl --data-rwa x https://a.example/'],
    ['a usage error', ['--to', 'cobol'], 'curl https://a.example/'],
    ['help', ['--help'], ''],
  ];

  it.each(cases)('gives exactly what curl-to-code gives for %s (under its own name)', async (_, args, input) => {
    const ours = await run(['convert', ...args], input);
    const { out, io: fake } = io(input);
    const theirs = { code: await curlToCode(args, fake), ...out };
    const rename = (text: string) => text.replaceAll('curl-to-code', 'http-workbench convert');
    expect(ours).toEqual({ code: theirs.code, stdout: rename(theirs.stdout), stderr: rename(theirs.stderr) });
  });

  it('converts, reads files, and reports errors with the right exit codes', async () => {
    const converted = await run(['convert', '--to', 'python-requests'], 'curl -d a=1 https://api.example.com/p');
    expect(converted.code).toBe(0);
    expect(converted.stdout).toContain('requests.post("https://api.example.com/p"');
    const fromFile = await run(['convert', '--wire', 'cmd.sh'], '', { 'cmd.sh': 'curl https://api.example.com/x' });
    expect(fromFile).toMatchObject({ code: 0, stdout: expect.stringContaining('GET /x\nHost: api.example.com\n') });
    const bad = await run(['convert', '--json'], 'curl --data-rwa x https://a.example/');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^http-workbench convert: Unknown curl option "--data-rwa": did you mean --data-raw\?/);
    const usage = await run(['convert']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: http-workbench convert (--to <target>');
  });
});

describe('http-workbench status', () => {
  it('prints a code’s entry', async () => {
    const { code, stdout, stderr } = await run(['status', '429']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('429 Too Many Requests');
    expect(lines).toContain('Class:      4xx Client error');
    expect(lines).toContain('Standing:   Standard. IANA registry: "Too Many Requests" [RFC6585]');
    expect(lines).toContain('Meaning:    The client sent too many requests in a given time (rate limiting).');
    expect(stdout).toMatch(/\nUse it: {5}For rate limits/);
    expect(stdout).toMatch(/\nDon’t: {6}For overload/);
    expect(lines).toContain('Headers:    Retry-After: seconds (or a date) to wait before trying again');
    expect(lines).toContain('Reference:  RFC 6585, Section 4 <https://www.rfc-editor.org/rfc/rfc6585#section-4>');
    expect(lines).toContain('Constants:  Python  HTTPStatus.TOO_MANY_REQUESTS (http.HTTPStatus, Python 3.11)');
    expect(lines).toContain('            Go      http.StatusTooManyRequests (net/http)');
    expect(lines).toContain('            Rust    StatusCode::TOO_MANY_REQUESTS (http crate 1.x)');
    expect(lines).toContain('            C#      HttpStatusCode.TooManyRequests (System.Net)');
    expect(stdout).toContain('JavaScript (Node.js) and PHP have no standard constants');
    expect(stdout.endsWith('\n')).toBe(true);
  });

  it('marks a non-standard code with its origin, and shows other meanings', async () => {
    const { code, stdout } = await run(['status', '499']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe('499 Client Closed Request (non-standard)');
    expect(stdout).toContain('Standing:   Non-standard.');
    expect(stdout).toMatch(/\nOrigin: {5}nginx /);
    expect(stdout).toContain('Sources:    nginx source: src/http/ngx_http_request.h <https://github.com/nginx/nginx/');
    expect(stdout).toContain('Constants:  none in the standard libraries');
    expect(stdout).toContain('Also used:  499 Token Required (non-standard; Esri ArcGIS');
    const teapot = (await run(['status', '418'])).stdout;
    expect(teapot.split('\n')[0]).toBe('418 (Unused)');
    expect(teapot).toContain("Also named: I'm a teapot");
    expect(teapot).toContain("Also used:  418 I'm a teapot (non-standard; Hyper Text Coffee Pot Control Protocol");
  });

  it('finds words: one best code prints its entry, several print a short list', async () => {
    const single = await run(['status', 'payload', 'too', 'large']);
    expect(single.code).toBe(0);
    expect(single.stdout.split('\n')[0]).toBe('413 Content Too Large');
    const several = await run(['status', 'too', 'many']);
    expect(several.code).toBe(0);
    expect(several.stdout.split('\n')).toEqual([
      '429 Too Many Requests                      Too many requests: slow down; see Retry-After.',
      '463 Too Many Forwarded IPs (non-standard)  AWS ALB: X-Forwarded-For holds more than 30 IP addresses.',
      '420 Enhance Your Calm (non-standard)       Twitter’s old API: slow down, you are rate limited (today’s APIs send 429).',
      'Show one with: http-workbench status <code>',
      '',
    ]);
    const many = await run(['status', '5xx']);
    const lines = many.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(LIST_LIMIT + 2);
    expect(lines[0]).toMatch(/^500 Internal Server Error +The server failed/);
    expect(lines.at(-2)).toBe('… and 15 more; add words to narrow it down.');
  });

  it('prints JSON with --json', async () => {
    const one = await run(['status', '--json', '404']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({
      code: 404,
      reason: 'Not Found',
      standard: true,
      class: '4xx Client error',
      registry: { description: 'Not Found', reference: '[RFC9110, Section 15.5.5]' },
      references: [{ label: 'RFC 9110, Section 15.5.5', url: 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.5' }],
      constants: {
        python: 'NOT_FOUND',
        go: 'StatusNotFound',
        rust: 'NOT_FOUND',
        java: 'HTTP_NOT_FOUND',
        csharp: 'NotFound',
      },
      constantNames: expect.arrayContaining([{ language: 'Go', constant: 'http.StatusNotFound', note: 'net/http' }]),
    });
    const list = JSON.parse((await run(['status', 'timeout', '--json'])).stdout);
    expect(list).toMatchObject({ query: 'timeout', total: 9 });
    expect(list.matches.slice(0, 2)).toEqual([
      {
        code: 408,
        reason: 'Request Timeout',
        standard: true,
        summary: 'The server gave up waiting for the request: try again.',
      },
      {
        code: 504,
        reason: 'Gateway Timeout',
        standard: true,
        summary: 'A gateway or proxy timed out waiting for the server behind it.',
      },
    ]);
  });

  it('exits 1 with a clear message for an unknown code or no match', async () => {
    const unassigned = await run(['status', '299']);
    expect(unassigned).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'http-workbench: no entry for 299. 299 is not in the IANA registry and no known vendor uses it; as a 2xx code it means: Success: the request worked.\n',
    });
    expect((await run(['status', '999'])).stderr).toBe(
      'http-workbench: no entry for 999. 999 is not an HTTP status code (they run from 100 to 599).\n',
    );
    const none = await run(['status', 'xyzzy', '--json']);
    expect(none).toEqual({
      code: 1,
      stdout: '',
      stderr: 'http-workbench: no status code matches "xyzzy". Try a number (404), a class (5xx) or other words.\n',
    });
  });

  it('exits 2 on bad usage', async () => {
    for (const args of [['status'], ['status', '--json'], ['status', '--frobnicate', '429']]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: http-workbench status [--json] <code | words>');
    }
    const help = await run(['status', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: http-workbench status/);
  });
});

describe('http-workbench compose', () => {
  it('reads docker run commands on standard input and prints the Compose file; warnings go to standard error', async () => {
    const { code, stdout, stderr } = await run(
      ['compose'],
      'docker run -d --name web -p 8080:80 nginx:alpine\ndocker run --rm redis',
    );
    expect(code).toBe(0);
    expect(stdout).toBe(
      'services:\n  web:\n    image: nginx:alpine\n    container_name: web\n    ports:\n      - 8080:80\n  redis:\n    image: redis\n',
    );
    expect(stderr.split('\n').filter(Boolean)).toEqual([
      'http-workbench compose: warning: 1:12: -d is left out: detaching is chosen when starting: `docker compose up -d`.',
      'http-workbench compose: warning: 2:12: --rm is left out: Compose keeps a service’s container until `docker compose down`; for a one-off run use `docker compose run --rm`.',
    ]);
  });

  it('reads a file argument, merges into another, writes comments and forces a shell when asked', async () => {
    const files = { 'run.txt': 'docker run -d nginx', 'compose.yaml': 'services:\n  db:\n    image: postgres\n' };
    const merged = await run(['compose', '--merge', 'compose.yaml', '--comments', 'run.txt'], '', files);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe(
      'services:\n  db:\n    image: postgres\n  # 1:12 -d is left out: detaching is chosen when starting: `docker compose up -d`.\n  nginx:\n    image: nginx\n',
    );
    const cmd = await run(['compose', '--shell', 'cmd'], 'docker run -e "A=%USERPROFILE%" alpine');
    expect(cmd.stdout).toContain('A: ${USERPROFILE}');
  });

  it('exits 1 with the place of a command it cannot read, and 2 on bad usage', async () => {
    const bad = await run(['compose'], 'docker run \\\n  --publsh 80:80 nginx');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe(
      'http-workbench compose: <stdin>:2:3: Unknown docker run option "--publsh": did you mean --publish?\n',
    );
    const badMerge = await run(['compose', '--merge', 'c.yaml'], 'docker run nginx', { 'c.yaml': 'services: [' });
    expect(badMerge.code).toBe(1);
    expect(badMerge.stderr).toMatch(/^http-workbench compose: c\.yaml:1:\d+: This is not valid YAML/);
    expect((await run(['compose'], 'ls -la')).code).toBe(1);
    expect((await run(['compose', '--shell', 'fish'])).code).toBe(2);
    expect((await run(['compose', '--bogus'])).code).toBe(2);
    expect((await run(['compose', 'a', 'b'])).code).toBe(2);
    expect((await run(['compose', '--help'])).stdout).toMatch(/^Usage: http-workbench compose/);
  });

  it('--to-run prints a Compose file’s services as docker run commands, with warnings at their place', async () => {
    const result = await run(['compose', '--to-run', 'c.yaml'], '', {
      'c.yaml': 'services:\n  web:\n    image: nginx\n    ports: ["80:80"]\n    depends_on: [db]\n',
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('docker run -d \\\n  -p 80:80 \\\n  nginx\n');
    expect(result.stderr).toBe(
      'http-workbench compose: warning: 5:5: depends_on has no docker run equivalent; left out.\n',
    );
    expect((await run(['compose', '--to-run'], 'services: [')).code).toBe(1);
    expect((await run(['compose', '--to-run', '--comments'])).code).toBe(2);
  });
});

describe('http-workbench openapi validate', () => {
  const broken = [
    'openapi: 3.0.3',
    'info:',
    '  title: Pets',
    '  version: "1"',
    'paths:',
    '  /pets/:',
    '    get:',
    '      operationId: list',
    '      responses:',
    '        "200":',
    '          descripton: ok',
  ].join('\n');

  it('prints file:line:column severity rule-id message and exits 1 on errors', async () => {
    const result = await run(['openapi', 'validate', 'pets.yaml'], '', { 'pets.yaml': broken });
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      'pets.yaml:6:3 warning path-trailing-slash path "/pets/" ends with "/"',
      'pets.yaml:10:9 error schema missing required property "description"',
      'pets.yaml:11:11 error schema property "descripton" is not allowed here (did you mean "description"?)',
      '',
    ]);
    expect(result.stderr).toBe('');
  });

  it('exits 0 with warnings only, and prints nothing for a clean document', async () => {
    const warningsOnly = broken.replace('descripton', 'description');
    const warned = await run(['openapi', 'validate', 'a.yaml'], '', { 'a.yaml': warningsOnly });
    expect(warned).toMatchObject({
      code: 0,
      stdout: 'a.yaml:6:3 warning path-trailing-slash path "/pets/" ends with "/"\n',
    });
    const clean = await run(['openapi', 'validate', '-'], warningsOnly.replace('/pets/:', '/pets:'));
    expect(clean).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('reports syntax errors at their place (standard input is <stdin>)', async () => {
    const result = await run(['openapi', 'validate', '-'], '{"openapi": "3.1.0",\n "info": {}\n "paths": {}}');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('<stdin>:3:2 error syntax JSON syntax: expected "," between items\n');
  });

  it('exits 2 on usage errors and unreadable files', async () => {
    for (const args of [
      ['openapi'],
      ['openapi', 'lint', 'a.yaml'],
      ['openapi', 'validate'],
      ['openapi', 'validate', 'a', 'b'],
      ['openapi', 'validate', '--strict'],
    ]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(`Usage: http-workbench openapi validate <file>`);
    }
    const missing = await run(['openapi', 'validate', 'nope.yaml']);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('cannot read nope.yaml');
    expect(await run(['openapi', '--help'])).toMatchObject({ code: 0 });
    expect((await run(['--help'])).stdout).toContain('openapi validate <file>');
  });
});
