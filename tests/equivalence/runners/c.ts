/**
 * C with libcurl (Debian's libcurl4-openssl-dev): one `gcc` per program, two
 * at once, each file compiled and linked with gcc's -Wall -Wextra warnings
 * (a warning is a problem; the program still runs). Not -Wpedantic: it flags
 * string literals over C99's 4095-byte minimum, which every compiler exceeds.
 * Binaries are kept between runs and rebuilt only when their source changes.
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
