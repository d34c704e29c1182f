/**
 * The execution-equivalence matrix: every case × every generator. For each
 * case, real curl sends the command to a local recording server; each
 * generator's program for the same command is checked by its language's
 * tools, run against the same server, and what it sent is compared with
 * what curl sent (see the equivalence guide for the normalisation).
 *
 * Each case has its own server (on a port derived from the case, so that
 * generated programs, which contain the URL, stay the same from one run to
 * the next and builds stay cached) and its own working folder; one program
 * at a time talks to a given server, several servers are busy at once.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startDemoServer, type DemoServer, type RecordedRequest } from '../../scripts/lib/demo-server.ts';
import type { CurlRequest } from '../../src/core/curl/model.ts';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import type { Generator } from '../../src/core/generators/types.ts';
import { tokenize } from '../../src/core/shell/index.ts';
import { compareOptionsFor } from '../support/compare-options.ts';
import { pointAt, runCurl } from '../support/run-curl.ts';
import { compareRequests, fromRecorded } from '../support/wire-compare.ts';
import {
  describeProcess,
  KeyedLock,
  Limiter,
  PROJECT_ROOT,
  RUST_PROJECT,
  runnerFor,
  WORK_ROOT,
  type LanguageRunner,
  type ProcessResult,
  type Program,
  type ProgramCheck,
} from './runners.ts';
import { slugsOf } from './slug.ts';

export interface EquivalenceCase {
  name: string;
  /** A bash command line running curl. */
  cmd: string;
  /** Values of the shell variables the command uses: for curl and for the programs. */
  env?: Record<string, string>;
}

/** The file a payload creates in the working folder if it ever runs as code. */
export const PWNED = 'PWNED';

export interface CellResult {
  target: string;
  caseName: string;
  passed: boolean;
  /** What went wrong, readable: checks, the run, every difference from curl's request. */
  problems: string[];
  /** Time the program(s) took to run, ms. */
  runMs: number;
}

export interface MatrixResult {
  suite: string;
  cells: Map<string, CellResult>;
  /** Cases curl itself could not be run for (every target fails them). */
  caseErrors: Map<string, string>;
  /** Files named PWNED found anywhere after the run. */
  pwned: string[];
  durationMs: number;
}

export function cellKey(target: string, caseName: string): string {
  return `${target}\u0000${caseName}`;
}

export interface MatrixOptions {
  /** Names the folder under `.equivalence/`: `equivalence`, `adversarial`. */
  suite: string;
  cases: readonly EquivalenceCase[];
  /** Files written into every case's working folder (relative names). */
  files: Readonly<Record<string, string | Uint8Array>>;
  generators: readonly Generator[];
  /** Programs (and curl runs) at once. Default 3: the processes mostly start up and wait. */
  concurrency?: number;
  /** Called with a line of progress now and then. */
  log?: (line: string) => void;
}

// ---------------------------------------------------------------- servers

/** A port from the case's name (FNV-1a), below Linux's ephemeral range. */
function preferredPort(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return 21000 + (hash % 10000);
}

async function listen(key: string, used: Set<number>): Promise<DemoServer> {
  let port = preferredPort(key);
  for (let attempt = 0; attempt < 200; attempt++, port = port >= 30999 ? 21000 : port + 1) {
    if (used.has(port)) continue;
    try {
      const server = await startDemoServer(port);
      used.add(port);
      return server;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  return startDemoServer(0);
}

// ---------------------------------------------------------------- cases

interface CaseRun {
  case: EquivalenceCase;
  slug: string;
  /** Program id stem: `c_<slug>`. */
  id: string;
  server?: DemoServer;
  pointed?: string;
  requests: CurlRequest[];
  workdir: string;
  /** Why nothing can be compared for this case. */
  error?: string;
  /** What curl sent, or why it could not be recorded. */
  curl?: Promise<RecordedRequest[] | string>;
}

/** Whether the command asks curl to fail on an HTTP error status (`-f`, `--fail`...): a program may then exit non-zero. */
function failsOnHttpError(cmd: string): boolean {
  try {
    return tokenize(cmd, 'bash').commands.some((command) =>
      command.words.some(
        ({ value }) => value === '--fail' || value === '--fail-with-body' || /^-[A-Za-z0-9]*f/.test(value),
      ),
    );
  } catch {
    return false;
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function writeFiles(dir: string, files: Readonly<Record<string, string | Uint8Array>>): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

/** Every file named PWNED under `dir` (the Rust build folder aside). */
function findPwned(dir: string, found: string[] = []): string[] {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name === PWNED) found.push(path);
    else if (entry.isDirectory() && entry.name !== 'target' && entry.name !== 'cache') findPwned(path, found);
  }
  return found;
}

function pwnedEverywhere(suite: string): string[] {
  const found = findPwned(join(WORK_ROOT, suite));
  for (const dir of [PROJECT_ROOT, WORK_ROOT, RUST_PROJECT, join(RUST_PROJECT, 'src', 'bin')]) {
    if (existsSync(join(dir, PWNED))) found.push(join(dir, PWNED));
  }
  return found;
}

// ---------------------------------------------------------------- the matrix

export async function runMatrix(options: MatrixOptions): Promise<MatrixResult> {
  const started = performance.now();
  const { suite, generators } = options;
  const log = options.log ?? (() => undefined);
  const limiter = new Limiter(options.concurrency ?? 3);
  const lock = new KeyedLock();
  const suiteDir = join(WORK_ROOT, suite);
  for (const path of pwnedEverywhere(suite)) rmSync(path, { force: true });
  rmSync(join(suiteDir, 'work'), { recursive: true, force: true });

  // One server, one working folder and one parse per case.
  const slugs = slugsOf(options.cases.map((c) => c.name));
  const usedPorts = new Set<number>();
  const runs: CaseRun[] = [];
  for (const [index, c] of options.cases.entries()) {
    const slug = slugs[index]!;
    const run: CaseRun = {
      case: c,
      slug,
      id: `c_${slug.replace(/-/g, '_')}`,
      requests: [],
      workdir: join(suiteDir, 'work', slug),
    };
    runs.push(run);
    try {
      writeFiles(run.workdir, options.files);
      run.server = await listen(`${suite}:${c.name}`, usedPorts);
      run.pointed = pointAt(c.cmd, run.server.origin);
      run.requests = parseCurl(run.pointed, { dialect: 'bash' }).requests;
    } catch (error) {
      run.error = `The case could not be set up: ${message(error)}`;
    }
  }

  try {
    // Real curl, once per case.
    for (const run of runs) {
      if (run.error) continue;
      const { server, pointed, workdir } = run;
      run.curl = lock.run(run.slug, () =>
        limiter.run(async () => {
          try {
            const recorded = await runCurl(pointed!, server!, {
              cwd: workdir,
              env: { ...process.env, ...run.case.env },
            });
            if (existsSync(join(workdir, PWNED))) {
              return `bash ran a payload of the command itself (${PWNED} appeared): fix the quoting of the case.`;
            }
            if (recorded.length !== run.requests.length) {
              return `curl sent ${recorded.length} request(s) where the parser found ${run.requests.length}.`;
            }
            return recorded;
          } catch (error) {
            return `curl could not be run: ${message(error)}`;
          }
        }),
      );
    }

    const cells = new Map<string, CellResult>();
    await Promise.all(
      generators.map(async (generator) => {
        const results = await runTarget(generator, suite, runs, limiter, lock, log);
        for (const cell of results) cells.set(cellKey(cell.target, cell.caseName), cell);
      }),
    );
    const caseErrors = new Map<string, string>();
    for (const run of runs) {
      const curl = await run.curl;
      const error = run.error ?? (typeof curl === 'string' ? curl : undefined);
      if (error) caseErrors.set(run.case.name, error);
    }
    return {
      suite,
      cells,
      caseErrors,
      pwned: pwnedEverywhere(suite),
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    await Promise.all(runs.map((run) => run.server?.close()));
  }
}

/** Generates, checks, builds and runs one target's programs for every case. */
async function runTarget(
  generator: Generator,
  suite: string,
  runs: readonly CaseRun[],
  limiter: Limiter,
  lock: KeyedLock,
  log: (line: string) => void,
): Promise<CellResult[]> {
  const target = generator.id;
  const fail = (run: CaseRun, problems: string[]): CellResult => ({
    target,
    caseName: run.case.name,
    passed: false,
    problems,
    runMs: 0,
  });

  let runner: LanguageRunner;
  try {
    runner = runnerFor(generator, suite);
  } catch (error) {
    return runs.map((run) => fail(run, [message(error)]));
  }

  // Generate every program first: the batch is checked and built at once.
  const programs: Program[] = [];
  const idsOf = new Map<CaseRun, string[] | string>();
  for (const run of runs) {
    if (run.error) continue;
    try {
      const ids = run.requests.map((request, i) => {
        const id = i === 0 ? run.id : `${run.id}_req${i + 1}`;
        programs.push({ id, source: generator.generate(specFromCurl(request)).code });
        return id;
      });
      idsOf.set(run, ids);
    } catch (error) {
      idsOf.set(run, `generate() threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }

  const prepareStarted = performance.now();
  let checks: Map<string, ProgramCheck>;
  try {
    checks = await runner.prepare(programs);
  } catch (error) {
    return runs.map((run) => fail(run, [`Checking and building the programs failed: ${message(error)}`]));
  }
  log(
    `${target}: ${programs.length} programs checked and built in ${Math.round(performance.now() - prepareStarted)} ms`,
  );

  return Promise.all(
    runs.map(async (run): Promise<CellResult> => {
      if (run.error) return fail(run, [run.error]);
      const ids = idsOf.get(run)!;
      if (typeof ids === 'string') return fail(run, [ids]);
      const recorded = await run.curl!;
      if (typeof recorded === 'string') return fail(run, [recorded]);

      const problems: string[] = [];
      for (const id of ids) problems.push(...(checks.get(id)?.problems ?? [`${id} was not checked`]));
      if (ids.some((id) => !checks.get(id)?.runnable)) return fail(run, problems);

      const allowNonZero = failsOnHttpError(run.case.cmd);
      const { server, workdir } = run;
      let runMs = 0;
      const sent = await lock.run(run.slug, async () => {
        const before = server!.requests.length;
        for (const id of ids) {
          const result: ProcessResult = await limiter.run(() =>
            runner.run(id, { cwd: workdir, env: run.case.env, origin: server!.origin }),
          );
          runMs += result.durationMs;
          const crashed = result.timedOut || result.exitCode === null || result.spawnError;
          if (crashed || (result.exitCode !== 0 && !allowNonZero))
            problems.push(`The program ${describeProcess(result)}`);
        }
        if (existsSync(join(workdir, PWNED))) {
          problems.push(`The program ran an injected payload: ${PWNED} appeared in its working folder.`);
          rmSync(join(workdir, PWNED), { force: true });
        }
        return server!.requests.slice(before);
      });

      if (sent.length !== recorded.length) {
        problems.push(`curl sent ${recorded.length} request(s), the program ${sent.length}.`);
      }
      for (let i = 0; i < Math.min(sent.length, recorded.length); i++) {
        const { differences } = compareRequests(
          fromRecorded(recorded[i]!),
          fromRecorded(sent[i]!),
          compareOptionsFor(run.requests[i]!),
        );
        const prefix = recorded.length > 1 ? `request ${i + 1}: ` : '';
        problems.push(...differences.map((d) => prefix + d));
      }
      return { target, caseName: run.case.name, passed: problems.length === 0, problems, runMs };
    }),
  );
}
