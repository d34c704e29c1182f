/**
 * Python programs run in a virtual environment of the libraries users install
 * today: current requests, httpx and HTTPie from PyPI, pinned with hashes in
 * `tests/equivalence/python/requirements.txt`. The environment is made by
 * Debian's `/usr/bin/python3` under `.equivalence/cache/` on first use, and
 * made again only when the lock file changes; a file lock keeps two test
 * processes from building it at once.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CHECK_CONCURRENCY,
  checkIds,
  cleanEnv,
  describeProcess,
  Limiter,
  programIdOf,
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

/** Debian's interpreter, which makes the environment (the first `python3` on PATH may be another one). */
export const SYSTEM_PYTHON = '/usr/bin/python3';
// Paths from this file, not from runners.ts: that module imports this one, so its constants are not set yet here.
export const PYTHON_REQUIREMENTS = fileURLToPath(new URL('../python/requirements.txt', import.meta.url));
/** The environment's folder (under `.equivalence/cache/`): its `bin/` holds `python` and HTTPie's `http`. */
export const PYTHON_VENV = fileURLToPath(new URL('../../../.equivalence/cache/python-venv', import.meta.url));

/** Makes the environment unless it already holds exactly the locked libraries; run under `flock`. */
const SETUP_SCRIPT = `set -eu
venv=$1 requirements=$2 stamp=$3 python=$4
if [ -f "$venv/lock.sha256" ] && [ "$(cat "$venv/lock.sha256")" = "$stamp" ]; then exit 0; fi
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --no-input --disable-pip-version-check --require-hashes -r "$requirements"
printf '%s' "$stamp" > "$venv/lock.sha256"
`;

let venvReady: Promise<string> | undefined;

/** black's cache of files it has seen formatted, kept beside the programs. */
const BLACK_CACHE = '.black-cache';

/** The environment's `bin/` folder, made first if needed (once per process; idempotent across processes). */
export function pythonBin(): Promise<string> {
  venvReady ??= (async () => {
    const bin = join(PYTHON_VENV, 'bin');
    const stamp = createHash('sha256').update(readFileSync(PYTHON_REQUIREMENTS)).digest('hex');
    const stampFile = join(PYTHON_VENV, 'lock.sha256');
    if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return bin;
    if (!existsSync(SYSTEM_PYTHON)) throw new Error(`${SYSTEM_PYTHON} is missing: run scripts/setup-test-machine.sh.`);
    mkdirSync(dirname(PYTHON_VENV), { recursive: true });
    const lock = `${PYTHON_VENV}.lock`;
    const args = [lock, 'bash', '-c', SETUP_SCRIPT, 'setup', PYTHON_VENV, PYTHON_REQUIREMENTS, stamp, SYSTEM_PYTHON];
    const result = await runProcess('flock', args, { cwd: dirname(PYTHON_VENV), env: cleanEnv(), timeoutMs: 900_000 });
    if (result.exitCode !== 0) {
      throw new Error(
        `Making the Python environment from ${PYTHON_REQUIREMENTS} failed (python3-venv installed? PyPI reachable?): ${describeProcess(result)}`,
      );
    }
    return bin;
  })();
  // A failed attempt is tried again by the next caller.
  venvReady.catch(() => (venvReady = undefined));
  return venvReady;
}

export class PythonRunner implements LanguageRunner {
  readonly language = 'python';
  constructor(private readonly dir: string) {}

  private file(id: string): string {
    // Never `requests.py` or `httpx.py` (or any module name): the script's folder comes first on sys.path.
    return `prog_${id}.py`;
  }

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    checkIds(programs);
    const python = join(await pythonBin(), 'python');
    mkdirSync(this.dir, { recursive: true });
    const names = new Set(programs.map((p) => this.file(p.id)));
    prune(this.dir, (name) => names.has(name) || name === BLACK_CACHE);
    for (const program of programs) writeIfChanged(join(this.dir, this.file(program.id)), program.source);
    const checks = new Map<string, ProgramCheck>(programs.map((p) => [p.id, { runnable: true, problems: [] }]));
    if (programs.length === 0) return checks;
    const env = cleanEnv({ PYTHONDONTWRITEBYTECODE: '1' });
    // py_compile stops at the first file that fails: one run for the batch, then one per file only if needed.
    const all = await runProcess(python, ['-m', 'py_compile', ...programs.map((p) => this.file(p.id))], {
      cwd: this.dir,
      env,
      timeoutMs: 120_000,
    });
    await this.black(programs, checks, env);
    if (all.exitCode === 0) return checks;
    const limiter = new Limiter(CHECK_CONCURRENCY);
    await Promise.all(
      programs.map((program) =>
        limiter.run(async () => {
          const result = await runProcess(python, ['-m', 'py_compile', this.file(program.id)], { cwd: this.dir, env });
          if (result.exitCode !== 0) {
            checks.set(program.id, { runnable: false, problems: [`python -m py_compile ${describeProcess(result)}`] });
          }
        }),
      ),
    );
    return checks;
  }

  /** black's default style (88 columns) over the batch in one process: each file it would change is a problem. */
  private async black(programs: readonly Program[], checks: Map<string, ProgramCheck>, env: NodeJS.ProcessEnv) {
    const black = join(await pythonBin(), 'black');
    const files = programs.map((p) => this.file(p.id));
    const result = await runProcess(black, ['--check', '--no-color', ...files], {
      cwd: this.dir,
      env: { ...env, BLACK_CACHE_DIR: join(this.dir, BLACK_CACHE) },
      timeoutMs: 300_000,
      maxOutput: 2_000_000,
    });
    let reported = false;
    for (const line of result.stderr.split('\n')) {
      const match = /^(would reformat|error: cannot format) (\S+?)\.py\b(.*)$/.exec(line);
      if (!match) continue;
      reported = true;
      checks.get(programIdOf(`${match[2]!}.py`))?.problems.push(`black --check: ${match[1]}${match[3] ?? ''}`);
    }
    // 0: nothing to change; 1: some files would change; 123: black could not read some.
    if (result.exitCode !== 0 && !reported) {
      throw new Error(`black failed: ${describeProcess(result)}`);
    }
  }

  async run(id: string, options: RunOptions): Promise<ProcessResult> {
    const python = join(await pythonBin(), 'python');
    return runProcess(python, [join(this.dir, this.file(id))], {
      cwd: options.cwd,
      env: cleanEnv({ PYTHONDONTWRITEBYTECODE: '1', ...options.env }),
      timeoutMs: options.timeoutMs ?? RUN_TIMEOUT_MS,
    });
  }
}
