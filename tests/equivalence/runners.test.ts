/**
 * The compiled languages' runners link a batch into one binary: a program that
 * does not compile must be named (and only it left out), warnings must reach
 * their own program, and each program must run as itself, with the exit status
 * and output it has when built alone.
 */
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { Generator } from '../../src/core/generators/types.ts';
import { runnerFor, type Program } from './runners.ts';

function runner(extension: string) {
  return runnerFor({ id: `runner-check-${extension}`, extension } as Generator, 'runner-check');
}

async function check(extension: string, programs: Program[]) {
  const target = runner(extension);
  const checks = await target.prepare(programs);
  const run = (id: string) => target.run(id, { cwd: tmpdir() });
  return { checks, run };
}

describe('the Go runner, one binary per batch', () => {
  const program = (body: string, imports = '"fmt"') =>
    `package main\n\nimport (\n\t${imports}\n)\n\nfunc main() {\n${body}\n}\n`;

  it('runs each program as itself and names the one that does not compile', async () => {
    const { checks, run } = await check('go', [
      { id: 'c_first', source: program('\tfmt.Println("first")') },
      { id: 'c_second', source: program('\tfmt.Println("second")\n\tos.Exit(3)', '"fmt"\n\t"os"') },
      { id: 'c_broken', source: program('\tfmt.Println(undefinedName)') },
      { id: 'c_vetted', source: program('\tfmt.Printf("%d\\n", "text")') },
    ]);
    expect(checks.get('c_first')).toEqual({ runnable: true, problems: [] });
    expect(checks.get('c_second')).toEqual({ runnable: true, problems: [] });
    expect(checks.get('c_broken')!.runnable).toBe(false);
    expect(checks.get('c_broken')!.problems.join('\n')).toMatch(/go build: .*undefined: undefinedName/);
    expect(checks.get('c_vetted')!.runnable).toBe(true);
    expect(checks.get('c_vetted')!.problems.join('\n')).toMatch(/go vet: .*c_vetted\/main\.go/);

    const first = await run('c_first');
    expect([first.exitCode, first.stdout]).toEqual([0, 'first\n']);
    const second = await run('c_second');
    expect([second.exitCode, second.stdout]).toEqual([3, 'second\n']);
  }, 600_000);
});

describe('the Rust runner, one binary per batch', () => {
  const program = (body: string) => `fn main() -> Result<(), Box<dyn std::error::Error>> {\n${body}\n}\n`;

  it('runs each program as itself and names the one that does not compile', async () => {
    const { checks, run } = await check('rs', [
      { id: 'c_first', source: program('    println!("first");\n    Ok(())') },
      { id: 'c_failing', source: program('    println!("second");\n    Err("no luck".into())') },
      { id: 'c_broken', source: program('    println!("{}", undefined_name);\n    Ok(())') },
      { id: 'c_warned', source: program('    let unused = 1;\n    Ok(())') },
    ]);
    expect(checks.get('c_first')).toEqual({ runnable: true, problems: [] });
    expect(checks.get('c_failing')).toEqual({ runnable: true, problems: [] });
    expect(checks.get('c_broken')!.runnable).toBe(false);
    expect(checks.get('c_broken')!.problems.join('\n')).toMatch(/rustc error: .*undefined_name/s);
    expect(checks.get('c_warned')!.runnable).toBe(true);
    expect(checks.get('c_warned')!.problems.join('\n')).toMatch(/rustc warning: warning: unused variable: `unused`/);

    const first = await run('c_first');
    expect([first.exitCode, first.stdout]).toEqual([0, 'first\n']);
    // As Rust's runtime reports an error returned from `main`.
    const failing = await run('c_failing');
    expect([failing.exitCode, failing.stdout, failing.stderr]).toEqual([1, 'second\n', 'Error: "no luck"\n']);
  }, 1_800_000);
});
