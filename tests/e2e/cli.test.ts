import { spawnSync } from 'node:child_process';
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
  });
});
