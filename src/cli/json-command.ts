/**
 * `http-workbench json …`: JSON Tools on the command line. Imports only the pure core.
 * Exit codes as the other commands: 0 success, 1 bad input (a syntax error, an invalid document or
 * selector, a failed query), 2 bad usage.
 */
import { parseJson, toLossless, toPlain, type ParsedJson } from '../core/json/document.ts';
import { diffJson } from '../core/json/diff.ts';
import { formatTree, printNode, type FormatOptions } from '../core/json/format.ts';
import { evaluatePath, JsonPathError } from '../core/json/jsonpath.ts';
import { QueryError, QueryTimeout, runQuery, type QueryLanguage } from '../core/json/query.ts';
import { generateSchema } from '../core/json/schema-generator.ts';
import { validateDocument, type Draft } from '../core/json/schema-validate.ts';
import type { Io } from './curl-to-code.ts';

const NAME = 'http-workbench json';

export const JSON_USAGE = `Usage: ${NAME} <format|validate|diff|path|query|schema> [options] [file]
Reads JSON from the file, or from standard input without one or with -. Numbers are
kept exactly as written. Syntax errors: every one, as file:line:column on standard error.

  format [--indent 2|4|tab] [--minify] [--sort-keys] [--jsonc] [file]
      pretty-print (2 spaces by default) or minify
  validate [--jsonc] [--schema <file>] [--draft 4|6|7|2019-09|2020-12]
           [--formats assert|annotate] [file]
      check the syntax, and with --schema the JSON Schema ($schema picks the draft)
  diff [--key <name>] [--ignore-order] [--changes] <left> <right>
      print the JSON Patch (RFC 6902) from left to right; --key matches array items
      by that property, --changes lists the changes instead
  path [--paths] '<selector>' [file]
      print the RFC 9535 JSONPath node list as a JSON array (--paths: normalized paths)
  query [--lang jmespath|jsonata] '<expression>' [file]
      print a JMESPath (default) or JSONata result
  schema [--each] [file...]
      print a draft-07 JSON Schema that every sample validates against (one sample
      per file; --each: every item of a top-level array is a sample)
  --jsonc     accept comments and trailing commas
Exit codes: 0 success, 1 bad input (syntax error, invalid document or selector,
failed query), 2 bad usage.`;

function usageError(io: Io, message: string): number {
  io.stderr(`${NAME}: ${message}\n${JSON_USAGE}\n`);
  return 2;
}

/** Reads and parses one input; prints every syntax problem and returns undefined when there are any. */
function load(io: Io, file: string | undefined, jsonc: boolean): ParsedJson | undefined {
  let text: string;
  try {
    text = io.readInput(file);
  } catch (error) {
    io.stderr(`${NAME}: cannot read ${file ?? 'standard input'}: ${(error as Error).message}\n`);
    return undefined;
  }
  const parsed = parseJson(text, { jsonc });
  if (parsed.problems.length > 0 || !parsed.root) {
    for (const p of parsed.problems) io.stderr(`${file ?? '<stdin>'}:${p.line}:${p.column}: ${p.message}. ${p.hint}\n`);
    return undefined;
  }
  return parsed;
}

interface Parsed {
  flags: Map<string, string | true>;
  positional: string[];
}

/** Options that take a value; the rest are switches. */
const VALUED = new Set(['--indent', '--schema', '--draft', '--formats', '--key', '--lang']);
const SWITCHES = new Set(['--minify', '--sort-keys', '--jsonc', '--ignore-order', '--changes', '--paths', '--each']);

function parseArgs(args: string[]): Parsed | string {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (VALUED.has(arg)) {
      const value = args[++i];
      if (value === undefined) return `${arg} needs a value.`;
      flags.set(arg, value);
    } else if (SWITCHES.has(arg)) flags.set(arg, true);
    else if (arg === '--') {
      positional.push(...args.slice(i + 1));
      break;
    } else if (arg.startsWith('-') && arg !== '-') return `Unknown option ${arg}.`;
    else positional.push(arg);
  }
  return { flags, positional };
}

export function jsonCommand(args: string[], io: Io): number | Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined) return usageError(io, 'Give a subcommand.');
  if (sub === '--help' || sub === '-h' || rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${JSON_USAGE}\n`);
    return 0;
  }
  const parsed = parseArgs(rest);
  if (typeof parsed === 'string') return usageError(io, parsed);
  const { flags, positional } = parsed;
  const jsonc = flags.has('--jsonc');
  const str = (name: string) => {
    const v = flags.get(name);
    return typeof v === 'string' ? v : undefined;
  };

  switch (sub) {
    case 'format': {
      if (positional.length > 1) return usageError(io, 'Give one file.');
      const indentText = str('--indent') ?? '2';
      if (!['2', '4', 'tab'].includes(indentText)) return usageError(io, '--indent is 2, 4 or tab.');
      const doc = load(io, positional[0], jsonc);
      if (!doc) return 1;
      const options: FormatOptions = {
        indent: flags.has('--minify') ? 'minify' : indentText === 'tab' ? 'tab' : (Number(indentText) as 2 | 4),
        sortKeys: flags.has('--sort-keys'),
      };
      io.stdout(`${formatTree(doc.root!, doc.text, options).text}\n`);
      return 0;
    }
    case 'validate': {
      if (positional.length > 1) return usageError(io, 'Give one file.');
      const draft = str('--draft');
      if (draft !== undefined && !['4', '6', '7', '2019-09', '2020-12'].includes(draft))
        return usageError(io, '--draft is 4, 6, 7, 2019-09 or 2020-12.');
      const formats = str('--formats');
      if (formats !== undefined && formats !== 'assert' && formats !== 'annotate')
        return usageError(io, '--formats is assert or annotate.');
      const doc = load(io, positional[0], jsonc);
      if (!doc) return 1;
      const schemaFile = str('--schema');
      if (schemaFile === undefined) {
        io.stdout('valid JSON\n');
        return 0;
      }
      const schemaDoc = load(io, schemaFile, jsonc);
      if (!schemaDoc) return 1;
      let result;
      try {
        result = validateDocument(doc, toPlain(schemaDoc.root!, schemaDoc.text), {
          draft: draft as Draft | undefined,
          formats: formats as 'assert' | 'annotate' | undefined,
        });
      } catch (error) {
        io.stderr(`${NAME}: ${schemaFile}: not a usable schema: ${(error as Error).message}\n`);
        return 1;
      }
      if (result.valid) {
        io.stdout(
          `valid against the schema (${result.draft === '4' || result.draft === '6' || result.draft === '7' ? `draft-0${result.draft}` : result.draft})\n`,
        );
        return 0;
      }
      for (const p of result.problems) {
        const where = p.place ? `${p.place.line}:${p.place.column}` : '1:1';
        io.stderr(`${positional[0] ?? '<stdin>'}:${where}: ${p.pointer || '(root)'}: ${p.message} [${p.schemaPath}]\n`);
      }
      return 1;
    }
    case 'diff': {
      if (positional.length !== 2) return usageError(io, 'Give two files: left and right.');
      const left = load(io, positional[0], jsonc);
      const right = load(io, positional[1], jsonc);
      if (!left || !right) return 1;
      const result = diffJson(toLossless(left.root!, left.text), toLossless(right.root!, right.text), {
        arrayKey: str('--key'),
        ignoreOrder: flags.has('--ignore-order'),
      });
      const out = flags.has('--changes') ? result.changes : result.patch;
      io.stdout(`${stringifyLossless(out)}\n`);
      return 0;
    }
    case 'path': {
      if (positional.length < 1 || positional.length > 2)
        return usageError(io, "Give a selector ('$.a[*]') and a file.");
      const [selector, file] = positional as [string, string | undefined];
      const doc = load(io, file, jsonc);
      if (!doc) return 1;
      try {
        const matches = evaluatePath(doc.root!, doc.text, selector);
        const items = flags.has('--paths')
          ? matches.map((m) => JSON.stringify(m.path))
          : matches.map((m) => printNode(m.node, doc.text, 'minify'));
        io.stdout(`[${items.join(',')}]\n`);
        return 0;
      } catch (error) {
        if (!(error instanceof JsonPathError)) throw error;
        io.stderr(
          `${NAME}: invalid selector at column ${error.offset + 1}: ${error.detail}\n  ${selector}\n  ${' '.repeat(error.offset)}^\n`,
        );
        return 1;
      }
    }
    case 'query': {
      if (positional.length < 1 || positional.length > 2) return usageError(io, 'Give an expression and a file.');
      const lang = (str('--lang') ?? 'jmespath') as QueryLanguage;
      if (lang !== 'jmespath' && lang !== 'jsonata') return usageError(io, '--lang is jmespath or jsonata.');
      const [expression, file] = positional as [string, string | undefined];
      const doc = load(io, file, jsonc);
      if (!doc) return 1;
      return runQuery(lang, toPlain(doc.root!, doc.text), expression).then(
        (result) => {
          io.stdout(`${JSON.stringify(result ?? null, null, 2)}\n`);
          return 0;
        },
        (error: unknown) => {
          if (!(error instanceof QueryError) && !(error instanceof QueryTimeout)) throw error;
          io.stderr(`${NAME}: ${error.message}\n`);
          return 1;
        },
      );
    }
    case 'schema': {
      const files = positional.length === 0 ? [undefined] : positional;
      const samples: unknown[] = [];
      for (const file of files) {
        const doc = load(io, file, jsonc);
        if (!doc) return 1;
        const value = toLossless(doc.root!, doc.text);
        if (flags.has('--each')) {
          if (!Array.isArray(value)) {
            io.stderr(`${NAME}: ${file ?? '<stdin>'}: --each needs a top-level array of samples\n`);
            return 1;
          }
          samples.push(...(value as unknown[]));
        } else samples.push(value);
      }
      if (samples.length === 0) {
        io.stderr(`${NAME}: no samples (the array is empty)\n`);
        return 1;
      }
      io.stdout(`${JSON.stringify(generateSchema(samples), null, 2)}\n`);
      return 0;
    }
    default:
      return usageError(io, `Unknown subcommand "${sub}".`);
  }
}

/** JSON text of a value holding lossless numbers, printing them as written. */
function stringifyLossless(value: unknown): string {
  const marks: string[] = [];
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (v && typeof v === 'object' && (v as { isLosslessNumber?: unknown }).isLosslessNumber === true) {
        marks.push((v as { value: string }).value);
        return `\u0000${marks.length - 1}\u0000`;
      }
      return v;
    },
    2,
  );
  return text.replace(/"\\u0000(\d+)\\u0000"/g, (_m, i: string) => marks[Number(i)]!);
}
