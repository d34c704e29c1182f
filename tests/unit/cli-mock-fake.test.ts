import initSqlJs from 'sql.js';
import { Validator, type Schema } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/http-workbench.ts';
import { EXAMPLE_DEFINITION } from '../../src/core/fake/definition.ts';

async function run(args: string[], files: Record<string, string> = {}, input = '') {
  const out = { stdout: '', stderr: '' };
  const code = await main(args, {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    readInput: (file) => {
      if (file === undefined || file === '-') return input;
      if (!(file in files)) throw new Error('no such file');
      return files[file]!;
    },
    readFile: () => new Uint8Array(),
  });
  return { code, ...out };
}

const SCHEMA = JSON.stringify({
  type: 'object',
  required: ['id', 'email'],
  properties: { id: { type: 'integer', minimum: 1 }, email: { type: 'string', format: 'email' } },
});

describe('http-workbench mock', async () => {
  it('prints a JSON array of K valid values, the same for the same seed', async () => {
    const a = await run(['mock', 'user.json', '--seed', '42', '--count', '5'], { 'user.json': SCHEMA });
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    const values = JSON.parse(a.stdout) as unknown[];
    expect(values).toHaveLength(5);
    const validator = new Validator(JSON.parse(SCHEMA) as Schema);
    for (const value of values) expect(validator.validate(value).valid).toBe(true);
    expect((await run(['mock', 'user.json', '--seed', '42', '--count', '5'], { 'user.json': SCHEMA })).stdout).toBe(
      a.stdout,
    );
    expect((await run(['mock', 'user.json', '--seed', '43', '--count', '5'], { 'user.json': SCHEMA })).stdout).not.toBe(
      a.stdout,
    );
    expect(JSON.parse((await run(['mock', '-'], {}, SCHEMA)).stdout)).toHaveLength(1);
  });

  it('names the keyword of an unsatisfiable schema and refuses bad usage', async () => {
    const bad = await run(['mock', 's.json'], { 's.json': '{"type":"string","minLength":4,"maxLength":2}' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^http-workbench mock: s\.json: No value satisfies the schema: “(minLength|maxLength)”/);
    expect((await run(['mock', 's.json'], { 's.json': '{"type": }' })).stderr).toMatch(
      /not valid JSON at line 1, column 10/,
    );
    expect((await run(['mock'])).code).toBe(2);
    expect((await run(['mock', 'x', '--count', '0'])).stderr).toMatch(/--count is a whole number from 1 to 1000/);
    expect((await run(['mock', 'x', '--seed', 'abc'])).code).toBe(2);
    expect((await run(['mock', '--help'])).stdout).toMatch(/^Usage: http-workbench mock <schema-file>/);
  });
});

describe('http-workbench fake', async () => {
  const files = { 'users.json': JSON.stringify(EXAMPLE_DEFINITION) };

  it('writes rows in each format, byte-identical for the same seed', async () => {
    const json = await run(['fake', 'users.json', '--rows', '20'], files);
    expect(json.code).toBe(0);
    const rows = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(20);
    expect(Object.keys(rows[0]!)).toEqual(EXAMPLE_DEFINITION.fields.map((f) => f.name));
    expect((await run(['fake', 'users.json', '--rows', '20'], files)).stdout).toBe(json.stdout);
    expect((await run(['fake', 'users.json', '--rows', '20', '--seed', '5'], files)).stdout).not.toBe(json.stdout);
    const ndjson = (await run(['fake', 'users.json', '--rows', '3', '--format', 'ndjson'], files)).stdout;
    expect(
      ndjson
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(rows.slice(0, 3));
    const csv = (await run(['fake', 'users.json', '--rows', '3', '--format', 'csv'], files)).stdout;
    expect(csv.split('\r\n')[0]).toBe('id,first_name,last_name,email,city,plan,signed_up');
  });

  it('writes SQL that SQLite runs', async () => {
    const sql = (
      await run(['fake', 'users.json', '--rows', '30', '--format', 'sql-sqlite', '--table', 'people'], files)
    ).stdout;
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run(sql);
    expect(db.exec('SELECT COUNT(*) FROM people')[0]!.values).toEqual([[30]]);
    db.close();
    expect((await run(['fake', 'users.json', '--format', 'sql-postgres'], files)).stdout).toMatch(
      /^CREATE TABLE "users" \(\n {2}"id" bigint,/,
    );
    expect((await run(['fake', 'users.json', '--format', 'sql-mysql'], files)).stdout).toMatch(
      /INSERT INTO `users` \(`id`, /,
    );
  });

  it('says what is wrong with a definition and refuses bad usage', async () => {
    const bad = await run(['fake', 'd.json'], { 'd.json': '{"fields":[{"name":"a","type":"nope"}]}' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('http-workbench fake: d.json: Field 1 (“a”): unknown type “nope”.\n');
    expect(
      (await run(['fake', 'd.json'], { 'd.json': '{"fields":[{"name":"a","type":"constant"}],"locale":"xx"}' })).stderr,
    ).toMatch(/unknown locale "xx"/);
    expect((await run(['fake', 'users.json', '--format', 'xml'], files)).code).toBe(2);
    expect((await run(['fake', 'users.json', '--rows', '100001'], files)).code).toBe(2);
    expect((await run(['fake'])).code).toBe(2);
  });
});
