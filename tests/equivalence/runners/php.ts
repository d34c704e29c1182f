/**
 * PHP (Debian's php-cli with php-curl, and Guzzle 7 from php-guzzlehttp-guzzle):
 * `php -l` per program, two at once, kept between runs for an unchanged
 * source. The batch folder holds `vendor/autoload.php`, which loads Debian's
 * Guzzle, so the Composer idiom `require __DIR__ . '/vendor/autoload.php'`
 * works whatever the working folder a program runs in. PHP_CodeSniffer then
 * checks the batch against PSR-12.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cleanEnv,
  describeProcess,
  Limiter,
  programIdOf,
  runProcess,
  type LanguageRunner,
  type ProcessResult,
  type Program,
  type ProgramCheck,
  type RunOptions,
} from '../runners.ts';

const GUZZLE_AUTOLOAD = '/usr/share/php/GuzzleHttp/autoload.php';
const AUTOLOAD = `<?php\n\nrequire_once '${GUZZLE_AUTOLOAD}';\n`;
/** Every notice, warning and deprecation on standard error, where the run's report shows it. */
const INI = ['-d', 'error_reporting=-1', '-d', 'display_errors=stderr'];

/**
 * PHP_CodeSniffer's PSR-12 standard over the batch, errors and warnings alike, in one process.
 * Its line-length sniff is left out: a long URL, header or body stays one literal.
 */
async function phpcs(dir: string, programs: readonly Program[], checks: Map<string, ProgramCheck>) {
  const files = programs.map((p) => `${p.id}.php`);
  const args = ['--standard=PSR12', '--exclude=Generic.Files.LineLength', '--report=json', '-q', '--no-cache'];
  const result = await runProcess('phpcs', [...args, ...files], {
    cwd: dir,
    timeoutMs: 300_000,
    maxOutput: 20_000_000,
  });
  // 0: clean; 1 or 2: problems found (2 when some are fixable); anything else is phpcs failing.
  if (result.exitCode !== 0 && result.exitCode !== 1 && result.exitCode !== 2) {
    throw new Error(`phpcs failed: ${describeProcess(result)}`);
  }
  const report = JSON.parse(result.stdout) as {
    files: Record<string, { messages: { message: string; source: string; line: number; column: number }[] }>;
  };
  for (const [path, file] of Object.entries(report.files)) {
    const check = checks.get(programIdOf(path));
    for (const m of file.messages)
      check?.problems.push(`phpcs PSR-12: ${m.line}:${m.column} ${m.source}: ${m.message}`);
  }
}

export class PhpRunner implements LanguageRunner {
  readonly language = 'php';
  constructor(private readonly dir: string) {}

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    mkdirSync(join(this.dir, 'vendor'), { recursive: true });
    if (!existsSync(GUZZLE_AUTOLOAD)) {
      throw new Error(`Guzzle is not installed (apt-get install php-guzzlehttp-guzzle): no ${GUZZLE_AUTOLOAD}`);
    }
    writeFileSync(join(this.dir, 'vendor', 'autoload.php'), AUTOLOAD);
    const checks = new Map<string, ProgramCheck>();
    const limiter = new Limiter(2);
    await Promise.all(
      programs.map((program) =>
        limiter.run(async () => {
          const file = join(this.dir, `${program.id}.php`);
          const stamp = join(this.dir, `${program.id}.linted`);
          if (existsSync(file) && existsSync(stamp) && readFileSync(file, 'utf8') === program.source) {
            checks.set(program.id, { runnable: true, problems: [] });
            return;
          }
          writeFileSync(file, program.source);
          rmSync(stamp, { force: true });
          const result = await runProcess('php', [...INI, '-l', file], { cwd: this.dir, env: cleanEnv() });
          if (result.exitCode === 0 && !/Deprecated|Warning|Notice/.test(result.stderr + result.stdout)) {
            writeFileSync(stamp, '');
            checks.set(program.id, { runnable: true, problems: [] });
          } else {
            checks.set(program.id, {
              runnable: result.exitCode === 0,
              problems: [`php -l ${describeProcess(result)}`],
            });
          }
        }),
      ),
    );
    await phpcs(this.dir, programs, checks);
    return checks;
  }

  run(id: string, options: RunOptions): Promise<ProcessResult> {
    return runProcess('php', [...INI, join(this.dir, `${id}.php`)], {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      timeoutMs: options.timeoutMs ?? 30_000,
    });
  }
}
