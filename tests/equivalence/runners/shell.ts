/**
 * Shell scripts (`.sh`: HTTPie's `http`, GNU Wget): a batch is checked with one
 * `bash -n` and each script is run with bash, the Python environment's `bin/` first on PATH
 * (it holds the current HTTPie from PyPI; tools from Debian come after it).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CACHE_ROOT,
  CHECK_CONCURRENCY,
  checkIds,
  cleanEnv,
  describeProcess,
  Limiter,
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
import { pythonBin } from './python.ts';

/** HTTPie's configuration for the runs: no check for its own updates (a background process per run). */
function httpieConfigDir(): string {
  const dir = join(CACHE_ROOT, 'httpie-config');
  writeIfChanged(join(dir, 'config.json'), '{"disable_update_warnings": true}\n');
  return dir;
}

export interface ShellRunnerOptions {
  /**
   * Exit statuses that still mean the request was sent and answered: Wget exits with 8 when the server
   * answers with an error status (4xx, 5xx, or a redirect past --max-redirect), where curl without --fail exits 0.
   */
  answeredExitCodes?: readonly number[];
}

export class ShellRunner implements LanguageRunner {
  readonly language = 'shell';
  constructor(
    private readonly dir: string,
    private readonly options: ShellRunnerOptions = {},
  ) {}

  private file(id: string): string {
    return join(this.dir, `${id}.sh`);
  }

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    checkIds(programs);
    mkdirSync(this.dir, { recursive: true });
    const names = new Set([...programs.map((p) => `${p.id}.sh`), 'batch.check']);
    prune(this.dir, (name) => names.has(name));
    for (const program of programs) writeIfChanged(this.file(program.id), program.source);
    const checks = new Map<string, ProgramCheck>(programs.map((p) => [p.id, { runnable: true, problems: [] }]));
    if (programs.length === 0) return checks;
    // One `bash -n` for the batch, each script as the body of a function of its own; one per script only if it fails.
    const batch = programs.map((p) => `check_${p.id}() {\n${p.source}\n}\n`).join('');
    writeIfChanged(join(this.dir, 'batch.check'), batch);
    const all = await runProcess('bash', ['-n', 'batch.check'], { cwd: this.dir, timeoutMs: 120_000 });
    if (all.exitCode === 0 && all.stderr.trim() === '') return checks;
    const limiter = new Limiter(CHECK_CONCURRENCY);
    await Promise.all(
      programs.map((program) =>
        limiter.run(async () => {
          const result = await runProcess('bash', ['-n', this.file(program.id)], { cwd: this.dir });
          if (result.exitCode !== 0 || result.stderr.trim() !== '') {
            checks.set(program.id, { runnable: false, problems: [`bash -n ${describeProcess(result)}`] });
          }
        }),
      ),
    );
    return checks;
  }

  async run(id: string, options: RunOptions): Promise<ProcessResult> {
    const bin = await pythonBin();
    const env = cleanEnv({ ...options.env, HTTPIE_CONFIG_DIR: httpieConfigDir() });
    env.PATH = `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`;
    const result = await runProcess('bash', [this.file(id)], {
      cwd: options.cwd,
      env,
      timeoutMs: options.timeoutMs ?? RUN_TIMEOUT_MS,
    });
    const answered = result.exitCode !== null && this.options.answeredExitCodes?.includes(result.exitCode);
    return answered ? { ...result, exitCode: 0 } : result;
  }
}
