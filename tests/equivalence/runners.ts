/**
 * Runs generated programs for real, one runner per language: each writes a
 * batch of programs into a folder of its own under `.equivalence/` (ignored
 * by git), checks and builds the whole batch at once (syntax, compiler,
 * linter, formatter), then runs single programs on request.
 *
 * Toolchains (see the equivalence guide): Node (this process's binary, axios
 * from the project's node_modules), Python in a virtual environment of
 * current requests, httpx and HTTPie from PyPI (`runners/python.ts`), Go from
 * the standard library only, Rust with reqwest from
 * crates.io pinned by tests/equivalence/rust/Cargo.lock.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Generator } from '../../src/core/generators/types.ts';
import { CRunner } from './runners/c.ts';
import { PhpRunner } from './runners/php.ts';
import { HarRunner, HttpMessageRunner } from './runners/http.ts';
import { ShellRunner } from './runners/shell.ts';
import { CSharpRunner } from './runners/csharp.ts';
import { ScriptRunner } from './runners/scripts.ts';
import { JvmRunner } from './runners/jvm.ts';
import { PythonRunner } from './runners/python.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
/** Everything the suites write: programs, builds, working folders, caches, the summary. */
export const WORK_ROOT = join(PROJECT_ROOT, '.equivalence');
/** Toolchain caches kept between runs (Go's build cache, the Python environment…). */
export const CACHE_ROOT = join(WORK_ROOT, 'cache');

const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'ALL_PROXY', 'all_proxy'];

/** This process's environment without proxies (clients would send to them) and without Node options meant for the test runner. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [...PROXY_VARIABLES, 'NO_PROXY', 'no_proxy', 'NODE_OPTIONS']) delete env[name];
  return { ...env, ...extra };
}

// ---------------------------------------------------------------- processes

export interface ProcessResult {
  /** Null when the process was killed by a signal or could not start. */
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  timedOut: boolean;
  /** Set when the process could not be started at all. */
  spawnError?: string;
}

export interface SpawnOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Characters of stdout and stderr kept each (the start of each). Default 4000. */
  maxOutput?: number;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/**
 * Runs a command asynchronously (a synchronous spawn would block the server
 * running in this process) in its own process group, killed whole on timeout.
 */
export function runProcess(command: string, args: readonly string[], options: SpawnOptions): Promise<ProcessResult> {
  const maxOutput = options.maxOutput ?? 4000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    // Keep a little more than shown, so that truncation can say how much was left out.
    const keep = maxOutput * 2;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stdout.length < keep) stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < keep) stderr += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }, timeoutMs);
    const finish = (result: Omit<ProcessResult, 'durationMs' | 'timedOut' | 'stdout' | 'stderr'>) => {
      clearTimeout(timer);
      resolve({
        ...result,
        stdout: truncate(stdout, maxOutput),
        stderr: truncate(stderr, maxOutput),
        durationMs: Math.round(performance.now() - started),
        timedOut,
      });
    };
    child.once('error', (error) => finish({ exitCode: null, signal: null, spawnError: error.message }));
    child.once('close', (code, signal) => finish({ exitCode: code, signal }));
  });
}

/** One line saying how a process ended, with its output when it failed. */
export function describeProcess(result: ProcessResult): string {
  const how = result.spawnError
    ? `could not start: ${result.spawnError}`
    : result.timedOut
      ? `timed out after ${result.durationMs} ms`
      : result.exitCode === null
        ? `was killed by ${result.signal}`
        : `exited with status ${result.exitCode}`;
  const output = [result.stderr.trim(), result.stdout.trim()].filter(Boolean).join('\n');
  return output ? `${how}:\n${output}` : how;
}

// ---------------------------------------------------------------- scheduling

/** Runs at most `size` tasks at once, first come first served. */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** One task at a time per key (e.g. per recording server), any number of keys at once. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}

// ---------------------------------------------------------------- files

/** Writes a file only when its content changed, so that builds keyed on modification times stay cached. */
export function writeIfChanged(path: string, content: string): boolean {
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return false;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return true;
}

// ---------------------------------------------------------------- runners

export interface Program {
  /** Letters, digits and single underscores, starting with a letter: a file, folder or binary name in every language. */
  id: string;
  source: string;
}

export interface ProgramCheck {
  /** False when the program cannot run at all (syntax or compile error). */
  runnable: boolean;
  /** Everything the language's own tools objected to: syntax, compiler errors and warnings, vet, formatting. */
  problems: string[];
}

export interface RunOptions {
  /** Working folder: relative file paths in the program resolve here. */
  cwd: string;
  /** Extra environment variables (the program's shell variables). */
  env?: Record<string, string>;
  timeoutMs?: number;
  /** The recording server's origin (`http://127.0.0.1:PORT`), for request files sent to it as they are. */
  origin?: string;
}

export interface LanguageRunner {
  /** The toolchain, e.g. `python`. */
  readonly language: string;
  /** Writes the batch (removing programs of earlier batches that are not in it), checks it and builds it once. */
  prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>>;
  /** Runs one program of the prepared batch. */
  run(id: string, options: RunOptions): Promise<ProcessResult>;
}

/** Letters, digits and single underscores (a Rust crate name must be snake case). */
const VALID_ID = /^[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)*$/;

export function checkIds(programs: readonly Program[]): void {
  const seen = new Set<string>();
  for (const { id } of programs) {
    if (!VALID_ID.test(id)) throw new Error(`Program id ${JSON.stringify(id)} is not a plain identifier.`);
    if (seen.has(id)) throw new Error(`Program id ${id} is used twice in one batch.`);
    seen.add(id);
  }
}

/** The program a checker's report names by its file (`<dir>/<id>.<ext>`, or just `<id>.<ext>`). */
export function programIdOf(path: string): string {
  return path.replace(/^.*\//, '').replace(/\.[^.]*$/, '');
}

/** Removes the entries of `dir` whose names `keep` rejects. */
export function prune(dir: string, keep: (name: string) => boolean): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) if (!keep(name)) rmSync(join(dir, name), { recursive: true, force: true });
}

/** Checks (syntax, formatter) run at once per batch. */
export const CHECK_CONCURRENCY = 2;
export const RUN_TIMEOUT_MS = 30_000;

/** Node: ES modules (`.mjs`) inside the project, so that `import axios from 'axios'` resolves. */
class NodeRunner implements LanguageRunner {
  readonly language = 'node';
  constructor(private readonly dir: string) {}

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    checkIds(programs);
    mkdirSync(this.dir, { recursive: true });
    const names = new Set(programs.map((p) => `${p.id}.mjs`));
    prune(this.dir, (name) => names.has(name));
    for (const program of programs) writeIfChanged(join(this.dir, `${program.id}.mjs`), program.source);
    const limiter = new Limiter(CHECK_CONCURRENCY);
    const checks = await Promise.all(
      programs.map((program) =>
        limiter.run(async (): Promise<[string, ProgramCheck]> => {
          const result = await runProcess(process.execPath, ['--check', `${program.id}.mjs`], { cwd: this.dir });
          return result.exitCode === 0
            ? [program.id, { runnable: true, problems: [] }]
            : [program.id, { runnable: false, problems: [`node --check ${describeProcess(result)}`] }];
        }),
      ),
    );
    return new Map(checks);
  }

  run(id: string, options: RunOptions): Promise<ProcessResult> {
    return runProcess(process.execPath, [join(this.dir, `${id}.mjs`)], {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      timeoutMs: options.timeoutMs ?? RUN_TIMEOUT_MS,
    });
  }
}

/** The environment of the Go tools: offline, standard library only, caches kept between runs. */
function goEnv(): NodeJS.ProcessEnv {
  return cleanEnv({
    GOFLAGS: '-mod=mod',
    GOPROXY: 'off',
    GOSUMDB: 'off',
    GOTOOLCHAIN: 'local',
    GO111MODULE: 'on',
    GOCACHE: join(CACHE_ROOT, 'go-build'),
    GOPATH: join(CACHE_ROOT, 'gopath'),
  });
}

/**
 * A batch linked as one multi-call binary: each program is a package or module
 * of its own, and a dispatcher runs the one named by the link it was started
 * through (`bin/<id>` → the binary). Linking the HTTP stack once per batch
 * instead of once per program is most of a cold build's time.
 */
function linkPrograms(dir: string, binary: string, ids: Iterable<string>): void {
  prune(dir, () => false);
  mkdirSync(dir, { recursive: true });
  for (const id of ids) symlinkSync(binary, join(dir, id));
}

/** The Go program as a package of the batch's binary: `package <id>`, its `main` exported as `Main`. */
function goPackageSource(id: string, source: string): string {
  return source.replace(/^package main$/m, `package ${id}`).replace(/^func main\(\) \{/m, 'func Main() {');
}

/** The batch binary's `main`: runs the package named by the base name of the path it was started as. */
function goDispatcher(ids: readonly string[]): string {
  const imports = ids.map((id) => `\t${id} "equivalence/${id}"`).join('\n');
  const cases = ids.map((id) => `\tcase "${id}":\n\t\t${id}.Main()`).join('\n');
  return `package main

import (
\t"fmt"
\t"os"
\t"path/filepath"

${imports}
)

func main() {
\tswitch name := filepath.Base(os.Args[0]); name {
${cases}
\tdefault:
\t\tfmt.Fprintln(os.Stderr, "no program", name)
\t\tos.Exit(2)
\t}
}
`;
}

/** Go: one module, one package folder per program, all linked into one binary per batch (see `linkPrograms`). */
class GoRunner implements LanguageRunner {
  readonly language = 'go';
  constructor(private readonly dir: string) {}

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    checkIds(programs);
    mkdirSync(this.dir, { recursive: true });
    const ids = new Set(programs.map((p) => p.id));
    prune(this.dir, (name) => name === 'go.mod' || name === 'all' || ids.has(name));
    writeIfChanged(join(this.dir, 'go.mod'), 'module equivalence\n\ngo 1.19\n');
    for (const program of programs) {
      writeIfChanged(join(this.dir, program.id, 'main.go'), goPackageSource(program.id, program.source));
    }
    const checks = new Map<string, ProgramCheck>(programs.map((p) => [p.id, { runnable: true, problems: [] }]));
    // The dispatcher's package, `all/` (no program id is `all`); a failed build never leaves a stale binary to run.
    const binary = join(this.dir, 'all', 'all');
    rmSync(binary, { force: true });
    if (programs.length === 0) return checks;
    const env = goEnv();
    const options = { cwd: this.dir, env, timeoutMs: 600_000, maxOutput: 2_000_000 };

    const gofmt = await runProcess('gofmt', ['-l', ...programs.map((p) => `${p.id}/main.go`)], options);
    if (gofmt.exitCode !== 0) throw new Error(`gofmt failed: ${describeProcess(gofmt)}`);
    for (const line of gofmt.stdout.split('\n')) {
      const id = line.trim().split('/')[0];
      const check = id ? checks.get(id) : undefined;
      if (check) check.problems.push(`gofmt -l lists ${line.trim()}: not formatted as gofmt formats it`);
    }

    const attribute = (output: string, what: string, fatal: boolean) => {
      // Output comes in blocks headed `# equivalence/<id>`; vet also prefixes lines with `vet: <id>/main.go`.
      let current: string | undefined;
      for (const line of output.split('\n')) {
        const header = /^# equivalence\/([A-Za-z0-9_]+)/.exec(line);
        if (header) {
          current = header[1];
          continue;
        }
        const mentioned = /(?:^|[\s./])([A-Za-z][A-Za-z0-9_]*)\/main\.go/.exec(line)?.[1];
        const id = mentioned && checks.has(mentioned) ? mentioned : current;
        const check = id ? checks.get(id) : undefined;
        if (!check || !line.trim()) continue;
        check.problems.push(`${what}: ${line.trim()}`);
        if (fatal) check.runnable = false;
      }
    };

    const vet = await runProcess('go', ['vet', ...programs.map((p) => `./${p.id}`)], options);
    if (vet.exitCode !== 0) attribute(`${vet.stderr}\n${vet.stdout}`, 'go vet', false);

    // Packages that do not compile are left out of the binary (a build names each of them); then it builds again.
    for (let round = 0; round < 10; round++) {
      const included = [...checks].filter(([, check]) => check.runnable).map(([id]) => id);
      if (included.length === 0) break;
      writeIfChanged(join(this.dir, 'all', 'main.go'), goDispatcher(included));
      // Without symbol tables and DWARF: links in about half the time, and the binary only needs to run.
      const build = await runProcess('go', ['build', '-ldflags=-s -w', '-o', binary, './all'], options);
      if (build.exitCode === 0 && existsSync(binary)) {
        linkPrograms(join(this.dir, 'bin'), binary, included);
        break;
      }
      attribute(`${build.stderr}\n${build.stdout}`, 'go build', true);
      if (included.every((id) => checks.get(id)!.runnable)) {
        // A failure no program is blamed for (the toolchain, the dispatcher): nothing can run.
        for (const id of included) {
          const check = checks.get(id)!;
          check.runnable = false;
          check.problems.push(`go build made no binary: ${describeProcess(build)}`);
        }
      }
    }
    return checks;
  }

  run(id: string, options: RunOptions): Promise<ProcessResult> {
    return runProcess(join(this.dir, 'bin', id), [], {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      timeoutMs: options.timeoutMs ?? RUN_TIMEOUT_MS,
    });
  }
}

/** The one cargo project all Rust batches share (so reqwest is built once), under `.equivalence/rust/`. */
export const RUST_PROJECT = join(WORK_ROOT, 'rust');

/** The project's manifest and lock file, kept in git: reqwest from crates.io, pinned. */
const CARGO_SOURCE = join(PROJECT_ROOT, 'tests', 'equivalence', 'rust');

/** Cargo's own home for the registry and downloaded crates: fetched once, then reused from the cache. */
function cargoEnv(): NodeJS.ProcessEnv {
  return cleanEnv({ CARGO_HOME: join(CACHE_ROOT, 'cargo'), CARGO_TERM_COLOR: 'never' });
}

interface CargoMessage {
  reason: string;
  package_id?: string;
  target?: { name: string; kind: string[] };
  message?: {
    level: string;
    rendered?: string;
    message: string;
    spans?: { file_name: string; line_start: number; is_primary: boolean }[];
  };
  executable?: string | null;
}

let cargoSetup: Promise<{ rustfmt: boolean }> | undefined;

/** Writes the cargo project once per process and finds out what the installed cargo can do. */
function setUpCargo(): Promise<{ rustfmt: boolean }> {
  cargoSetup ??= (async () => {
    mkdirSync(join(RUST_PROJECT, 'src', 'bin'), { recursive: true });
    // Cargo reads no manifest without a target, and `cargo fetch` runs before the first program is written:
    // an empty library is one (it compiles in no time and the programs do not use it).
    writeIfChanged(join(RUST_PROJECT, 'src', 'lib.rs'), '');
    for (const file of ['Cargo.toml', 'Cargo.lock']) {
      writeIfChanged(join(RUST_PROJECT, file), readFileSync(join(CARGO_SOURCE, file), 'utf8'));
    }
    // Earlier versions of this runner pointed cargo at Debian's crate registry.
    rmSync(join(RUST_PROJECT, '.cargo'), { recursive: true, force: true });
    const options = { cwd: RUST_PROJECT, env: cargoEnv(), timeoutMs: 60_000 };
    const version = await runProcess('cargo', ['--version'], options);
    if (version.exitCode !== 0) throw new Error(`cargo is not usable: ${describeProcess(version)}`);
    // Downloads what the lock file names (once: later runs find it in the cache).
    const fetch = await runProcess('cargo', ['fetch', '--locked'], { ...options, timeoutMs: 600_000 });
    if (fetch.exitCode !== 0) throw new Error(`cargo fetch --locked failed: ${describeProcess(fetch)}`);
    const rustfmt = await runProcess('rustfmt', ['--version'], options);
    return { rustfmt: rustfmt.exitCode === 0 };
  })();
  return cargoSetup;
}

/** The Rust program as a module of the batch's binary: its `main` made public for the dispatcher. */
function rustModuleSource(source: string): string {
  return source.replace(/^fn main\(/m, 'pub fn main(');
}

/**
 * The batch binary's `main`: runs the module named by the file name it was
 * started as, and reports its result as Rust's runtime reports `main`'s
 * (`Error: …` and status 1). `lines[i]` names the program line `i + 1` is about.
 */
function rustDispatcher(ids: readonly string[]): { source: string; lines: (string | undefined)[] } {
  const out: string[] = ['use std::process::{ExitCode, Termination};', ''];
  const lines: (string | undefined)[] = [undefined, undefined];
  const add = (line: string, id?: string) => {
    out.push(line);
    lines.push(id);
  };
  for (const id of ids) add(`mod ${id};`, id);
  add('');
  add('fn main() -> ExitCode {');
  add('    let path = std::env::args_os().next().unwrap_or_default();');
  add('    let name = std::path::Path::new(&path).file_name().unwrap_or_default().to_string_lossy().into_owned();');
  add('    match name.as_str() {');
  for (const id of ids) add(`        "${id}" => ${id}::main().report(),`, id);
  add('        _ => {');
  add('            eprintln!("no program {name}");');
  add('            ExitCode::from(2)');
  add('        }');
  add('    }');
  add('}');
  return { source: `${out.join('\n')}\n`, lines };
}

/**
 * Rust: each program is a module, `src/bin/<prefix>/<id>.rs`, of one binary
 * per batch (see `linkPrograms`); one `cargo build` per batch.
 */
class RustRunner implements LanguageRunner {
  readonly language = 'rust';
  constructor(private readonly prefix: string) {}

  async prepare(programs: readonly Program[]): Promise<Map<string, ProgramCheck>> {
    checkIds(programs);
    const { rustfmt } = await setUpCargo();
    const binDir = join(RUST_PROJECT, 'src', 'bin');
    const moduleDir = join(binDir, this.prefix);
    const ids = new Set(programs.map((p) => p.id));
    // Only this runner's earlier programs are removed: other batches keep theirs (and their build).
    // (Earlier versions of this runner wrote one bin per program, `<prefix>_<id>.rs`.)
    prune(binDir, (name) => !name.startsWith(`${this.prefix}_`));
    prune(moduleDir, (name) => name === 'main.rs' || ids.has(name.replace(/\.rs$/, '')));
    for (const program of programs) {
      writeIfChanged(join(moduleDir, `${program.id}.rs`), rustModuleSource(program.source));
    }
    const checks = new Map<string, ProgramCheck>(programs.map((p) => [p.id, { runnable: true, problems: [] }]));
    const links = join(RUST_PROJECT, 'programs', this.prefix);
    prune(links, () => false);
    if (programs.length === 0) return checks;

    if (rustfmt) {
      const limiter = new Limiter(CHECK_CONCURRENCY);
      await Promise.all(
        programs.map((program) =>
          limiter.run(async () => {
            const file = join(moduleDir, `${program.id}.rs`);
            const result = await runProcess('rustfmt', ['--check', '--edition', '2021', file], {
              cwd: RUST_PROJECT,
              maxOutput: 2000,
            });
            if (result.exitCode !== 0) {
              checks.get(program.id)!.problems.push(`rustfmt --check: ${describeProcess(result)}`);
            }
          }),
        ),
      );
    }

    // Modules that do not compile are left out of the binary (rustc names their files); then it builds again.
    const fileOf = new RegExp(`src/bin/${this.prefix}/([A-Za-z0-9_]+)\\.rs`);
    for (let round = 0; round < 10; round++) {
      const included = [...checks].filter(([, check]) => check.runnable).map(([id]) => id);
      if (included.length === 0) break;
      const dispatcher = rustDispatcher(included);
      writeIfChanged(join(moduleDir, 'main.rs'), dispatcher.source);
      const build = await runProcess(
        'cargo',
        ['build', '--locked', '--offline', '--message-format=json', '--bin', this.prefix],
        {
          cwd: RUST_PROJECT,
          env: cargoEnv(),
          // A cold build compiles reqwest's crates first: slow on a shared two-core machine.
          timeoutMs: 1_800_000,
          maxOutput: 50_000_000,
        },
      );
      const warnings = new Map<string, string[]>();
      const failed = new Set<string>();
      let executable: string | undefined;
      for (const line of build.stdout.split('\n')) {
        if (!line.startsWith('{')) continue;
        const message = JSON.parse(line) as CargoMessage;
        if (message.target?.name !== this.prefix || !message.package_id?.includes('equivalence')) continue;
        if (message.reason === 'compiler-artifact' && message.executable) executable = message.executable;
        if (message.reason !== 'compiler-message' || !message.message) continue;
        const { level, rendered, message: text, spans = [] } = message.message;
        // The count at the end ("1 warning emitted") is not a diagnostic of its own.
        if ((level !== 'error' && level !== 'warning') || /^(\d+ warnings? emitted|aborting due to)/.test(text)) continue;
        const span = spans.find((s) => s.is_primary) ?? spans[0];
        const id =
          span && span.file_name.endsWith(`/${this.prefix}/main.rs`)
            ? dispatcher.lines[span.line_start - 1]
            : (fileOf.exec(span?.file_name ?? '') ?? fileOf.exec(rendered ?? ''))?.[1];
        const problem = `rustc ${level}: ${(rendered ?? text).trim()}`;
        if (id === undefined || !checks.has(id)) {
          if (level === 'error') failed.add('');
          continue;
        }
        if (level === 'error') {
          failed.add(id);
          checks.get(id)!.problems.push(problem);
        } else {
          warnings.set(id, [...(warnings.get(id) ?? []), problem]);
        }
      }
      if (build.exitCode === 0 && executable) {
        // Compiler warnings in generated code count as failures, but the program still runs.
        for (const [id, problems] of warnings) checks.get(id)!.problems.push(...problems);
        linkPrograms(links, executable, included);
        break;
      }
      if (failed.size === 0 || failed.has('')) {
        // A failure no program is blamed for (the dependencies, the toolchain): nothing can run.
        for (const id of included) {
          const check = checks.get(id)!;
          check.runnable = false;
          check.problems.push(`cargo build made no binary: ${describeProcess(build)}`);
        }
        break;
      }
      for (const id of failed) checks.get(id)!.runnable = false;
    }
    return checks;
  }

  run(id: string, options: RunOptions): Promise<ProcessResult> {
    return runProcess(join(RUST_PROJECT, 'programs', this.prefix, id), [], {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      timeoutMs: options.timeoutMs ?? RUN_TIMEOUT_MS,
    });
  }
}

/** A name usable in file, folder and binary names: `go-net-http` → `go_net_http`. */
export function identifier(text: string): string {
  const id = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(id) ? id : `x_${id}`;
}

/** A runner for one target in one suite: `dir` is the target's own folder, `.equivalence/<suite>/<target>/`. */
type RunnerFactory = (generator: Generator, suite: string, dir: string) => LanguageRunner;

/**
 * The runner for each file extension generators write, one line each. A
 * language's runner lives here or in `runners/<language>.ts`.
 */
const RUNNERS: Readonly<Record<string, RunnerFactory>> = {
  js: (_generator, _suite, dir) => new NodeRunner(dir),
  mjs: (_generator, _suite, dir) => new NodeRunner(dir),
  py: (_generator, _suite, dir) => new PythonRunner(dir),
  go: (_generator, _suite, dir) => new GoRunner(dir),
  rs: (generator, suite) => new RustRunner(`${identifier(suite)}_${identifier(generator.id)}`),
  c: (_generator, _suite, dir) => new CRunner(dir),
  php: (_generator, _suite, dir) => new PhpRunner(dir),
  sh: (generator, _suite, dir) => new ShellRunner(dir, generator.id === 'wget' ? { answeredExitCodes: [8] } : {}),
  http: (_generator, _suite, dir) => new HttpMessageRunner(dir),
  har: (_generator, _suite, dir) => new HarRunner(dir),
  cs: (_generator, _suite, dir) => new CSharpRunner(dir),
  rb: (_generator, _suite, dir) => new ScriptRunner('ruby', dir),
  pl: (_generator, _suite, dir) => new ScriptRunner('perl', dir),
  R: (_generator, _suite, dir) => new ScriptRunner('r', dir),
  java: (_generator, _suite, dir) => new JvmRunner(dir, 'java'),
  kt: (_generator, _suite, dir) => new JvmRunner(dir, 'kotlin'),
};

/**
 * The runner for a generator's output, from its file extension. Each
 * generator gets its own folder per suite: `.equivalence/<suite>/<target>/`.
 */
export function runnerFor(generator: Generator, suite: string): LanguageRunner {
  const factory = RUNNERS[generator.extension];
  if (!factory) {
    throw new Error(
      `No runner for .${generator.extension} files (target ${generator.id}): add one to tests/equivalence/runners.ts.`,
    );
  }
  return factory(generator, suite, join(WORK_ROOT, suite, generator.id));
}
