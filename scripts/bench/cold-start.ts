/**
 * Cold start: a fresh Node process imports a converter and converts one
 * typical command. Measured inside the child (import + convert, from just
 * before the import) and from the parent (spawn to exit, since startup is
 * what a user of the CLI waits for). Runs are interleaved across converters.
 * Ours is the on-demand entry the CLI uses (`convertOnDemand`: the parser and
 * request spec, then only the chosen target's generator script, compiled with
 * the code cache the build wrote), and the same without the code cache.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commandById } from './commands.ts';
import { builtCore } from './core-build.ts';
import { buildCurlconverterWasm } from './node-curlconverter-wasm.ts';
import { isMain, printSection } from './print.ts';
import { stats, type Figure, type Section } from './types.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COMMAND = commandById('chrome-14-headers');
const TARGET = 'python-requests';
const RUNS = 15;
/** Discarded runs first, so the first timed run does not pay for a cold disk cache. */
const WARMUP_RUNS = 2;

interface Contender {
  id: 'ours' | 'oursUncached' | 'curlconverter' | 'curlconverterWasm';
  label: string;
  /** Module to import (URL or bare name) and the call to make, as code. */
  specifier: string;
  call: string;
}

/** The child's program: time import + one conversion, check the output, print the time. */
function childProgram(contender: Contender): string {
  return [
    'const t = performance.now();',
    `const m = await import(${JSON.stringify(contender.specifier)});`,
    `const out = ${contender.call};`,
    'const elapsed = performance.now() - t;',
    "if (typeof out !== 'string' || out.trim() === '') throw new Error('the conversion gave no code');",
    'console.log(elapsed);',
  ].join('\n');
}

/** Environment without NODE_OPTIONS, so no loader of the parent's reaches the child. */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
}

function runChild(contender: Contender): { inProcess: number; wall: number } {
  const program = childProgram(contender);
  const started = performance.now();
  let stdout: string;
  try {
    stdout = execFileSync(process.execPath, ['--input-type=module', '-e', program], {
      cwd: ROOT,
      env: childEnv(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`cold start of ${contender.label} failed: ${stderr || (error as Error).message}`, { cause: error });
  }
  const wall = performance.now() - started;
  const inProcess = Number(stdout.trim().split('\n').pop());
  if (!Number.isFinite(inProcess)) {
    throw new Error(`cold start of ${contender.label} printed "${stdout.trim()}" instead of a time in ms`);
  }
  return { inProcess, wall };
}

const ratioNote = (what: string) => `medians of ${RUNS} interleaved runs each; curlconverter ${what} divided by ours`;

/**
 * A copy of the Node build without the code caches its scripts are compiled with, so a figure shows what
 * a Node that refuses them (another version) waits for.
 */
function buildWithoutCodeCache(): string {
  const built = fileURLToPath(builtCore('convert-on-demand.cjs'));
  const dir = mkdtempSync(join(tmpdir(), 'bench-no-code-cache-'));
  cpSync(dirname(built), dir, { recursive: true, filter: (source) => !source.endsWith('.cache') });
  return pathToFileURL(join(dir, 'convert-on-demand.cjs')).href;
}

/** Cold start of a fresh Node process: ours (built core) vs curlconverter. */
export async function run(): Promise<Section> {
  const text = JSON.stringify(COMMAND.text);
  const ourCall = `(await m.convertOnDemand(${text}, ${JSON.stringify(TARGET)})).code`;
  const uncachedBuild = buildWithoutCodeCache();
  const contenders: Contender[] = [
    { id: 'ours', label: 'ours', specifier: builtCore('convert-on-demand.cjs'), call: ourCall },
    { id: 'oursUncached', label: 'ours without the code cache', specifier: uncachedBuild, call: ourCall },
    { id: 'curlconverter', label: 'curlconverter', specifier: 'curlconverter', call: `m.toPython(${text})` },
    {
      id: 'curlconverterWasm',
      label: 'curlconverter (WASM parser)',
      specifier: pathToFileURL(await buildCurlconverterWasm()).href,
      call: `m.toPython(${text})`,
    },
  ];

  const samples = new Map(contenders.map((c) => [c.id, { inProcess: [] as number[], wall: [] as number[] }]));
  for (let round = 0; round < WARMUP_RUNS + RUNS; round++) {
    // Rotate the order so no contender always runs right after another.
    for (let k = 0; k < contenders.length; k++) {
      const contender = contenders[(round + k) % contenders.length]!;
      const { inProcess, wall } = runChild(contender);
      if (round < WARMUP_RUNS) continue;
      samples.get(contender.id)!.inProcess.push(inProcess);
      samples.get(contender.id)!.wall.push(wall);
    }
  }

  rmSync(dirname(fileURLToPath(uncachedBuild)), { recursive: true, force: true });

  const summary = new Map(
    contenders.map((c) => {
      const s = samples.get(c.id)!;
      return [c.id, { inProcess: stats(s.inProcess), wall: stats(s.wall) }];
    }),
  );
  const ours = summary.get('ours')!;
  const uncached = summary.get('oursUncached')!;
  const native = summary.get('curlconverter')!;
  const wasm = summary.get('curlconverterWasm')!;
  const what = `import + convert the ${COMMAND.id} command to ${TARGET}`;
  const figures: Figure[] = [
    {
      id: 'coldStart.ratio.inProcess',
      label: 'cold start (import + convert) curlconverter/ours',
      value: native.inProcess.median / ours.inProcess.median,
      unit: 'ratio',
      budget: { min: 5, text: 'cold start at most 1/5 of curlconverter' },
      note: `${ratioNote('import + convert')}; curlconverter as Node imports it (native tree-sitter parser)`,
    },
    {
      id: 'coldStart.ratio.wall',
      label: 'process wall time curlconverter/ours',
      value: native.wall.median / ours.wall.median,
      unit: 'ratio',
      note: ratioNote('spawn-to-exit time'),
    },
    {
      id: 'coldStart.ratioWasm.inProcess',
      label: 'cold start (import + convert) curlconverter WASM/ours',
      value: wasm.inProcess.median / ours.inProcess.median,
      unit: 'ratio',
      note: `${ratioNote('import + convert')}; curlconverter's browser build (web-tree-sitter WASM), as a page would load it`,
    },
    {
      id: 'coldStart.ours.inProcess',
      label: 'ours: import + convert',
      value: ours.inProcess.median,
      unit: 'ms',
      note: `median of ${RUNS} fresh processes: ${what}, timed in the child; the on-demand core the CLI uses (npm run build:cli): the parser and spec, then the target's generator script, each compiled with the V8 code cache the build wrote`,
    },
    {
      id: 'coldStart.oursUncached.inProcess',
      label: 'ours without the code cache: import + convert',
      value: uncached.inProcess.median,
      unit: 'ms',
      note: `median of ${RUNS} fresh processes: the same build with its code caches removed, as a Node that refuses them (another version) runs it`,
    },
    {
      id: 'coldStart.curlconverter.inProcess',
      label: 'curlconverter: import + convert',
      value: native.inProcess.median,
      unit: 'ms',
      note: `median of ${RUNS} fresh processes: import('curlconverter') and toPython, timed in the child`,
    },
    {
      id: 'coldStart.curlconverterWasm.inProcess',
      label: 'curlconverter WASM: import + convert',
      value: wasm.inProcess.median,
      unit: 'ms',
      note: `median of ${RUNS} fresh processes: its browser build (loads and compiles both WASM files) and toPython`,
    },
    {
      id: 'coldStart.ours.wall',
      label: 'ours: process wall time',
      value: ours.wall.median,
      unit: 'ms',
      note: `median of ${RUNS}: spawn to exit, measured by the parent (includes Node's own startup)`,
    },
    {
      id: 'coldStart.curlconverter.wall',
      label: 'curlconverter: process wall time',
      value: native.wall.median,
      unit: 'ms',
      note: `median of ${RUNS}: spawn to exit, measured by the parent (includes Node's own startup)`,
    },
    {
      id: 'coldStart.curlconverterWasm.wall',
      label: 'curlconverter WASM: process wall time',
      value: wasm.wall.median,
      unit: 'ms',
      note:
        `median of ${RUNS}: spawn to exit, measured by the parent (includes Node's own startup); ` +
        "Node's exit also waits for V8's background optimising compile of the 1.3 MB bash grammar WASM",
    },
  ];
  const f = (value: number) => value.toFixed(1);
  const table = [
    ['converter', 'import+convert median', 'p95', 'wall median', 'p95'],
    ...contenders.map((c) => {
      const s = summary.get(c.id)!;
      return [c.label, f(s.inProcess.median), f(s.inProcess.p95), f(s.wall.median), f(s.wall.p95)];
    }),
  ];
  return { title: `Cold start: fresh Node process, ${what}`, figures, table };
}

if (isMain(import.meta.url)) printSection(await run());
