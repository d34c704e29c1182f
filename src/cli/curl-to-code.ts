#!/usr/bin/env node
/**
 * curl-to-code: turns a curl command into a program, or prints its request model.
 *   curl-to-code --to python-requests [file]   (reads stdin without a file)
 *   curl-to-code --json [file]                 the parsed request model
 *   curl-to-code --wire [file]                 the exact request curl would send
 *   curl-to-code --list [words]                the targets by language (those the words find)
 * Exit codes: 0 success, 1 bad input, 2 bad usage.
 * Imports only the pure core (and Node's own I/O here, at the edge), and of the
 * generators only the chosen target's: a fresh process parses a fifth of the code.
 */
import { readFileSync } from 'node:fs';
import { convertOnDemand } from '../core/convert-on-demand.ts';
import { CurlParseError } from '../core/errors.ts';
import { groupTargets, listTargets, searchTargets } from '../core/generators/targets.ts';
import type { Dialect } from '../core/shell/types.ts';

const usageText = (
  name: string,
) => `Usage: ${name} (--to <target> | --json | --wire | --list [words]) [--dialect bash|cmd|powershell] [file]
Reads the curl command from the file, or from standard input.
--list prints the targets grouped by language; words narrow it (e.g. --list okhttp).`;

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readInput: (file: string | undefined) => string;
  readFile: (path: string) => Uint8Array;
}

/**
 * The CLI as a function of its arguments, so tests can run it in-process.
 * Resolves to the exit code. `name` is what messages call the program:
 * `http-workbench convert` runs this same function under its own name.
 */
export async function main(args: string[], io: Io, name = 'curl-to-code'): Promise<number> {
  const usage = (message: string) => usageError(io, name, message);
  let mode: 'to' | 'json' | 'wire' | 'list' | undefined;
  let target: string | undefined;
  let dialect: Dialect | undefined;
  let file: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--to' || arg === '-t') {
      mode = 'to';
      target = args[++i];
      if (!target) return usage('--to needs a target id (see --list).');
    } else if (arg === '--json') mode = 'json';
    else if (arg === '--wire') mode = 'wire';
    else if (arg === '--list') mode = 'list';
    else if (arg === '--dialect') {
      const value = args[++i];
      if (value !== 'bash' && value !== 'cmd' && value !== 'powershell') {
        return usage('--dialect must be bash, cmd or powershell.');
      }
      dialect = value;
    } else if (arg === '--help' || arg === '-h') {
      io.stdout(`${usageText(name)}\n`);
      return 0;
    } else if (arg.startsWith('-') && arg !== '-') return usage(`Unknown option ${arg}.`);
    else if (file !== undefined) return usage('Give at most one input file.');
    else file = arg;
  }
  if (!mode) return usage('Choose --to <target>, --json, --wire or --list.');
  if (mode === 'list') {
    // In list mode the free argument is a search, not a file.
    const found = searchTargets(listTargets(), file ?? '');
    if (found.length === 0) {
      io.stderr(`${name}: no target matches "${file}".\n`);
      return 1;
    }
    const width = Math.max(...found.map((t) => t.id.length));
    for (const { group, targets } of groupTargets(found)) {
      io.stdout(`${group}\n`);
      for (const t of targets) io.stdout(`  ${t.id.padEnd(width)}  ${t.title}\n`);
    }
    return 0;
  }
  if (mode === 'to' && !listTargets().some((t) => t.id === target)) {
    return usage(
      `Unknown target "${target}". Known: ${
        listTargets()
          .map((t) => t.id)
          .join(', ') || 'none yet (use --json)'
      }.`,
    );
  }

  let input: string;
  try {
    input = io.readInput(file);
  } catch (error) {
    io.stderr(`${name}: cannot read ${file ?? 'standard input'}: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    if (mode === 'to') {
      const result = await convertOnDemand(input, target!, { dialect });
      for (const w of result.warnings) io.stderr(formatWarning(w));
      io.stdout(result.code.endsWith('\n') ? result.code : `${result.code}\n`);
      return 0;
    }
    // Only these modes need the eager parser: converting loads the on-demand core alone.
    const [{ parseCurl }, { toWireRequest }] = await Promise.all([
      import('../core/curl/parse.ts'),
      import('../core/curl/wire.ts'),
    ]);
    const parsed = parseCurl(input, { dialect });
    for (const w of parsed.warnings) io.stderr(formatWarning(w));
    if (mode === 'json') {
      io.stdout(
        `${JSON.stringify({ dialect: parsed.dialect, variables: parsed.variables, requests: parsed.requests }, null, 2)}\n`,
      );
      return 0;
    }
    const wires = parsed.requests.map((request) => {
      const wire = toWireRequest(request, { readFile: io.readFile });
      const body = new TextDecoder().decode(wire.body);
      return `${wire.method} ${wire.target}\n${wire.headers.map((h) => `${h.name}: ${h.value}`).join('\n')}\n\n${body}`;
    });
    io.stdout(`${wires.join('\n\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CurlParseError) {
      io.stderr(`${name}: ${error.message}\n${excerpt(input, error.span.line, error.span.column)}`);
      return 1;
    }
    io.stderr(`${name}: ${(error as Error).message}\n`);
    return 1;
  }
}

function usageError(io: Io, name: string, message: string): number {
  io.stderr(`${name}: ${message}\n${usageText(name)}\n`);
  return 2;
}

function formatWarning(w: { code: string; message: string; span?: { line: number; column: number } }): string {
  return `warning${w.span ? ` (line ${w.span.line}, column ${w.span.column})` : ''}: ${w.message}\n`;
}

/** The offending line with a caret under the column. */
function excerpt(input: string, line: number, column: number): string {
  const text = input.split('\n')[line - 1] ?? '';
  if (text.length > 200) return '';
  return `  ${text}\n  ${' '.repeat(Math.max(0, column - 1))}^\n`;
}

const isEntry = typeof process !== 'undefined' && process.argv[1] && /curl-to-code\.(js|ts)$/.test(process.argv[1]);
if (isEntry) {
  void main(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    readInput: (f) => (f === undefined || f === '-' ? readFileSync(0, 'utf8') : readFileSync(f, 'utf8')),
    readFile: (p) => new Uint8Array(readFileSync(p)),
  }).then((code) => (process.exitCode = code));
}
