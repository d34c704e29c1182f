/**
 * C# on Mono: the whole batch is one `mcs` invocation building one assembly
 * (each program in a namespace of its own, added on the line of its class so
 * that line numbers stay those of the program), with a small launcher as the
 * entry point that runs one program's `Main` and ends with
 * `Environment.Exit` (Mono's runtime otherwise hangs at exit now and then).
 * Compiler warnings are problems of the program they name; a program with
 * errors is left out and the rest compiled again.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkIds,
  cleanEnv,
  describeProcess,
  prune,
  RUN_TIMEOUT_MS,
  runProcess,
  writeIfChanged,
  type LanguageRunner,
  type ProcessResult,
  type Program,
  type ProgramCheck,
  type RunOptions,
} from '../runners.ts';

const LAUNCHER = `using System;
using System.Reflection;

static class Launcher
{
    static void Main(string[] args)
    {
        var type = Type.GetType("Equivalence_" + args[0] + ".Program", true);
        var main = type.GetMethod("Main", BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic);
        var code = 0;
        try
        {
            main.Invoke(null, null);
        }
        catch (TargetInvocationException e)
        {
            Console.Error.WriteLine(e.InnerException);
            code = 1;
        }
        Console.Out.Flush();
        Environment.Exit(code);
    }
}
`;

/** The program inside a namespace of its own, opened on the line of its first declaration after the usings. */
export function namespaced(id: string, source: string): string {
  const lines = source.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('using '));
  if (first === -1) return source;
  lines[first] = `namespace Equivalence_${id} { ${lines[first]!}`;
  return `${lines.join('\n').trimEnd()}\n}\n`;
}

export class CSharpRunner implements LanguageRunner {
  readonly language = 'csharp';
  constructor(private readonly dir: string) {}

  private get assembly(): string {
    return join(this.dir, 'programs.exe');
  }

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    checkIds(programs);
    const src = join(this.dir, 'src');
    mkdirSync(src, { recursive: true });
    const files = new Set(programs.map((p) => `${p.id}.cs`));
    prune(src, (name) => files.has(name) || name === 'Launcher.cs');
    let changed = writeIfChanged(join(src, 'Launcher.cs'), LAUNCHER);
    for (const program of programs) {
      if (writeIfChanged(join(src, `${program.id}.cs`), namespaced(program.id, program.source))) changed = true;
    }
    const checks = new Map<string, ProgramCheck>(programs.map((p) => [p.id, { runnable: true, problems: [] }]));
    if (programs.length === 0) return checks;
    const stamp = join(this.dir, 'programs.ids');
    if (writeIfChanged(stamp, [...files].sort().join('\n'))) changed = true;
    if (!changed && existsSync(this.assembly) && existsSync(join(this.dir, 'checks.json'))) {
      return new Map(
        Object.entries(JSON.parse(readFileSync(join(this.dir, 'checks.json'), 'utf8')) as Record<string, ProgramCheck>),
      );
    }
    rmSync(this.assembly, { force: true });

    let pending = programs.map((p) => p.id);
    for (let round = 0; pending.length > 0 && round < 20; round++) {
      const args = ['-nologo', '-warn:4', '-debug-', '-optimize+', '-target:exe', '-main:Launcher'];
      args.push(
        '-r:System.Net.Http',
        `-out:${this.assembly}`,
        'src/Launcher.cs',
        ...pending.map((id) => `src/${id}.cs`),
      );
      const build = await runProcess('mcs', args, { cwd: this.dir, timeoutMs: 600_000, maxOutput: 2_000_000 });
      const failed = new Set<string>();
      for (const line of `${build.stdout}\n${build.stderr}`.split('\n')) {
        const match = /^src\/([A-Za-z0-9_]+)\.cs\(\d+,\d+\): (error|warning) /.exec(line);
        const check = match ? checks.get(match[1]!) : undefined;
        if (!check) continue;
        // Warnings are counted in the first round only (later rounds repeat them).
        if (match![2] === 'error') {
          failed.add(match![1]!);
          check.runnable = false;
          check.problems.push(`mcs: ${line.trim()}`);
        } else if (round === 0) check.problems.push(`mcs: ${line.trim()}`);
      }
      if (build.exitCode === 0) break;
      if (failed.size === 0) {
        for (const id of pending) {
          checks.get(id)!.runnable = false;
          checks.get(id)!.problems.push(`mcs ${describeProcess(build)}`);
        }
        break;
      }
      pending = pending.filter((id) => !failed.has(id));
    }
    writeFileSync(join(this.dir, 'checks.json'), JSON.stringify(Object.fromEntries(checks)));
    return checks;
  }

  run(id: string, options: RunOptions): Promise<ProcessResult> {
    return runProcess('mono', [this.assembly, id], {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      timeoutMs: options.timeoutMs ?? RUN_TIMEOUT_MS,
    });
  }
}
