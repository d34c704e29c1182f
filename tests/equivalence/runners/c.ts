/**
 * C with libcurl (Debian's libcurl4-openssl-dev): one `gcc` per program, two
 * at once, each file compiled and linked with gcc's -Wall -Wextra warnings
 * (a warning is a problem; the program still runs). Not -Wpedantic: it flags
 * string literals over C99's 4095-byte minimum, which every compiler exceeds.
 * Binaries are kept between runs and rebuilt only when their source changes.
 * Then clang-format checks the batch's layout (LLVM style, 120 columns).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cleanEnv,
  describeProcess,
  Limiter,
  runProcess,
  type LanguageRunner,
  type ProcessResult,
  type Program,
  type ProgramCheck,
  type RunOptions,
} from '../runners.ts';

const FLAGS = ['-std=c11', '-Wall', '-Wextra', '-O0', '-g0', '-pipe', '-fdiagnostics-plain-output'];
const PARALLEL = 2;

/** The project's C style: clang-format's LLVM style at 120 columns (0: no limit). */
const clangFormatStyle = (columns: number) => `{BasedOnStyle: LLVM, ColumnLimit: ${columns}}`;

/**
 * clang-format over the batch (`--dry-run -Werror`: it names each place it would change). A program with a
 * line over 120 columns (a long URL, header or body literal) is checked with no column limit instead, so
 * everything but the length a literal sets is still checked.
 */
async function clangFormat(dir: string, programs: readonly Program[], checks: Map<string, ProgramCheck>) {
  const long = (p: Program) => p.source.split('\n').some((line) => line.length > 120);
  const groups: [string, Program[]][] = [
    [clangFormatStyle(120), programs.filter((p) => !long(p))],
    [clangFormatStyle(0), programs.filter(long)],
  ];
  for (const [style, group] of groups) {
    if (group.length === 0) continue;
    const files = group.map((p) => `${p.id}.c`);
    const result = await runProcess('clang-format', ['--dry-run', '-Werror', `--style=${style}`, ...files], {
      cwd: dir,
      timeoutMs: 120_000,
      maxOutput: 2_000_000,
    });
    let reported = false;
    for (const line of `${result.stderr}\n${result.stdout}`.split('\n')) {
      const match = /^([A-Za-z0-9_]+)\.c:(\d+):(\d+): error: code should be clang-formatted/.exec(line);
      if (!match) continue;
      reported = true;
      checks.get(match[1]!)?.problems.push(`clang-format --style="${style}": line ${match[2]}, column ${match[3]}`);
    }
    if (result.exitCode !== 0 && !reported) throw new Error(`clang-format failed: ${describeProcess(result)}`);
  }
}

export class CRunner implements LanguageRunner {
  readonly language = 'c';
  constructor(private readonly dir: string) {}

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    mkdirSync(join(this.dir, 'bin'), { recursive: true });
    const libs = await runProcess('pkg-config', ['--cflags', '--libs', 'libcurl'], { cwd: this.dir });
    if (libs.exitCode !== 0) {
      throw new Error(`libcurl is not installed (apt-get install libcurl4-openssl-dev): ${describeProcess(libs)}`);
    }
    const curlFlags = libs.stdout.trim().split(/\s+/).filter(Boolean);
    const checks = new Map<string, ProgramCheck>();
    const limiter = new Limiter(PARALLEL);
    await Promise.all(
      programs.map((program) =>
        limiter.run(async () => {
          const source = join(this.dir, `${program.id}.c`);
          const binary = join(this.dir, 'bin', program.id);
          const log = join(this.dir, 'bin', `${program.id}.log`);
          const same = existsSync(source) && readFileSync(source, 'utf8') === program.source;
          if (same && existsSync(binary) && existsSync(log)) {
            // Built before from this very source: its diagnostics were kept with it.
            const problems = readFileSync(log, 'utf8').split('\n').filter(Boolean);
            checks.set(program.id, { runnable: true, problems });
            return;
          }
          writeFileSync(source, program.source);
          rmSync(binary, { force: true });
          const result = await runProcess('gcc', [...FLAGS, '-o', binary, `${program.id}.c`, ...curlFlags], {
            cwd: this.dir,
            timeoutMs: 120_000,
            maxOutput: 20_000,
          });
          const problems = `${result.stderr}\n${result.stdout}`
            .split('\n')
            .filter((line) => line.startsWith(`${program.id}.c:`) && !/: In function /.test(line))
            .map((line) => `gcc: ${line.slice(program.id.length + 3)}`);
          if (result.exitCode !== 0 || !existsSync(binary)) {
            checks.set(program.id, {
              runnable: false,
              problems: problems.length ? problems : [`gcc ${describeProcess(result)}`],
            });
            return;
          }
          writeFileSync(log, problems.join('\n'));
          checks.set(program.id, { runnable: true, problems });
        }),
      ),
    );
    await clangFormat(this.dir, programs, checks);
    return checks;
  }

  run(id: string, options: RunOptions): Promise<ProcessResult> {
    return runProcess(join(this.dir, 'bin', id), [], {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      timeoutMs: options.timeoutMs ?? 30_000,
    });
  }
}
