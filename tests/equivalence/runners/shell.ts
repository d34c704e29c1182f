/**
 * Shell scripts (`.sh`): bash checks the syntax of the whole batch in one
 * process (`bash -n` per file inside one loop), then runs each script with
 * bash. Tools come from Debian (scripts/setup-test-machine.sh).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cleanEnv,
  describeProcess,
  runProcess,
  type LanguageRunner,
  type ProcessResult,
  type Program,
  type ProgramCheck,
  type RunOptions,
} from '../runners.ts';

const RUN_TIMEOUT_MS = 30_000;

export interface ShellRunnerOptions {
  /**
   * Exit statuses that still mean the request was sent and answered: Wget exits with 8 when the server
   * answers with an error status (4xx, 5xx, or a redirect past --max-redirect), where curl without --fail exits 0.
   */
  answeredExitCodes?: readonly number[];
}

export class ShellRunner implements LanguageRunner {
  readonly language = 'bash';
  constructor(
    private readonly dir: string,
    private readonly options: ShellRunnerOptions = {},
  ) {}

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    mkdirSync(this.dir, { recursive: true });
    const names = new Set(programs.map((p) => `${p.id}.sh`));
    for (const name of readdirSync(this.dir)) if (!names.has(name)) rmSync(join(this.dir, name), { force: true });
    for (const program of programs) {
      const path = join(this.dir, `${program.id}.sh`);
      if (!existsSync(path) || readFileSync(path, 'utf8') !== program.source) writeFileSync(path, program.source);
    }
    const checks = new Map<string, ProgramCheck>(programs.map((p) => [p.id, { runnable: true, problems: [] }]));
    if (programs.length === 0) return checks;
    // One bash for the batch: each file's syntax errors are printed after a line naming it.
    const loop = 'for f in "$@"; do printf "\\n@@ %s\\n" "$f"; bash -n "$f" 2>&1; done; true';
    const result = await runProcess('bash', ['-c', loop, 'check', ...[...names]], {
      cwd: this.dir,
      timeoutMs: 120_000,
      maxOutput: 5_000_000,
    });
    if (result.exitCode !== 0) throw new Error(`bash -n could not check the scripts: ${describeProcess(result)}`);
    let current: ProgramCheck | undefined;
    for (const line of result.stdout.split('\n')) {
      const header = /^@@ (.+)\.sh$/.exec(line);
      if (header) current = checks.get(header[1]!);
      else if (current && line.trim() !== '') {
        current.runnable = false;
        current.problems.push(`bash -n: ${line.trim()}`);
      }
    }
    return checks;
  }

  async run(id: string, options: RunOptions): Promise<ProcessResult> {
    const result = await runProcess('bash', [join(this.dir, `${id}.sh`)], {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      timeoutMs: options.timeoutMs ?? RUN_TIMEOUT_MS,
    });
    const answered = result.exitCode !== null && this.options.answeredExitCodes?.includes(result.exitCode);
    return answered ? { ...result, exitCode: 0 } : result;
  }
}
