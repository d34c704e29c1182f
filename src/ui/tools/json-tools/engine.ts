import {
  nodeAtPointer,
  parseJson,
  toLossless,
  toPlain,
  type JsonProblem,
  type ParsedJson,
} from '../../../core/json/document.ts';
import { diffJson, type Change } from '../../../core/json/diff.ts';
import {
  escapeAsString,
  formatTree,
  normalizedPath,
  printNode,
  segmentsOf,
  unescapeString,
  type Formatted,
  type Indent,
} from '../../../core/json/format.ts';
import { evaluatePath, JsonPathError } from '../../../core/json/jsonpath.ts';
import { QueryError, QueryTimeout, runQuery, type QueryLanguage } from '../../../core/json/query.ts';
import { generateSchema } from '../../../core/json/schema-generator.ts';
import { validateDocument, DRAFT_NAMES, type SchemaProblem } from '../../../core/json/schema-validate.ts';
import { inexactNumbers, type InexactNumbers } from '../../../core/json/precision.ts';
import { encodeLines, type LinesView } from './lines.ts';

/**
 * JSON Tools' work, done off the main thread (see worker.ts): parsing, formatting, JSONPath, queries,
 * schema checks, diffs. Plain messages in and out. The last document is kept, so typing a selector over a
 * 10 MB document parses it once. Runs in the page only where a worker cannot start (and in unit tests).
 */

export interface DocumentOptions {
  text: string;
  jsonc: boolean;
  indent: Indent | 'minify';
  sortKeys: boolean;
}

export type EngineRequest =
  | ({ type: 'document' } & DocumentOptions)
  | ({ type: 'path'; selector: string } & DocumentOptions)
  | ({ type: 'path-at'; line: number } & DocumentOptions)
  | ({ type: 'query'; language: QueryLanguage; expression: string; timeLimitMs: number } & DocumentOptions)
  | ({ type: 'validate-schema'; schema: string; formats: 'default' | 'assert' | 'annotate' } & DocumentOptions)
  | ({ type: 'generate-schema'; each: boolean } & DocumentOptions)
  | ({ type: 'diff'; right: string; key: string; ignoreOrder: boolean } & DocumentOptions)
  | { type: 'string'; op: 'escape' | 'unescape'; text: string };

export interface DocumentReply {
  type: 'document';
  problems: JsonProblem[];
  /** Absent while the text has syntax errors (or is empty). Buffers, transferred: see lines.ts. */
  view?: LinesView;
  bytes: number;
  values: number;
  /** Numbers a JavaScript number rounds (filters and queries see the nearest double). */
  inexact?: InexactNumbers;
}

export interface PathResult {
  path: string;
  pointer: string;
  /** Line in the formatted view. */
  line: number;
  preview: string;
}

export type EngineReply =
  | DocumentReply
  | { type: 'path'; results: PathResult[]; error?: { message: string; offset: number } }
  | { type: 'path-at'; path: string; pointer: string }
  | { type: 'query'; result?: string; error?: { message: string; offset?: number }; timedOut?: boolean }
  | {
      type: 'validate-schema';
      valid?: boolean;
      draft?: string;
      assumed?: boolean;
      problems?: (SchemaProblem & { line?: number })[];
      error?: string;
    }
  | { type: 'generate-schema'; schema?: string; samples?: number; error?: string }
  | {
      type: 'diff';
      changes?: (Omit<Change, 'left' | 'right'> & { left?: string; right?: string })[];
      patch?: string;
      error?: string;
    }
  | { type: 'string'; text?: string; error?: string }
  | { type: 'error'; message: string };

interface Cached {
  key: string;
  text: string;
  parsed: ParsedJson;
  formatted?: Formatted;
  plain?: unknown;
  inexact?: InexactNumbers;
}

const PREVIEW = 200;

const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text);

/** JSON text of a value holding lossless numbers, printing them as written. */
export function stringifyExact(value: unknown, indent?: number): string {
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
    indent,
  );
  return (text ?? 'null').replace(/"\\u0000(\d+)\\u0000"/g, (_m, i: string) => marks[Number(i)]!);
}

/**
 * Stands for the document text in a request when the engine was last sent that text (see client.ts): a
 * string no document can be, since a JSON text never starts with a NUL.
 */
export const SAME_TEXT = '\u0000same';

export class JsonEngine {
  private cached: Cached | null = null;
  /** The last document text received. */
  private lastText = '';

  private load(options: DocumentOptions): Cached {
    if (options.text === SAME_TEXT) options = { ...options, text: this.lastText };
    this.lastText = options.text;
    const key = `${options.jsonc ? 1 : 0}`;
    if (!this.cached || this.cached.text !== options.text || this.cached.key !== key) {
      this.cached = { key, text: options.text, parsed: parseJson(options.text, { jsonc: options.jsonc }) };
    }
    return this.cached;
  }

  private formatted(cached: Cached, options: DocumentOptions): Formatted | undefined {
    const root = cached.parsed.root;
    if (!root || cached.parsed.problems.length > 0) return undefined;
    const wanted = `${String(options.indent)} ${options.sortKeys ? 1 : 0}`;
    if (!cached.formatted || (cached.formatted as Formatted & { wanted?: string }).wanted !== wanted) {
      cached.formatted = formatTree(root, cached.text, { indent: options.indent, sortKeys: options.sortKeys });
      (cached.formatted as Formatted & { wanted?: string }).wanted = wanted;
    }
    return cached.formatted;
  }

  private plain(cached: Cached): unknown {
    cached.plain ??= toPlain(cached.parsed.root!, cached.text);
    return cached.plain;
  }

  /** Handles one request; `transfer` lists buffers the reply can hand over without copying. */
  async handle(request: EngineRequest): Promise<{ reply: EngineReply; transfer: Transferable[] }> {
    const none: Transferable[] = [];
    if (request.type === 'string') {
      try {
        const text = request.op === 'escape' ? escapeAsString(request.text) : unescapeString(request.text);
        return { reply: { type: 'string', text }, transfer: none };
      } catch (error) {
        return { reply: { type: 'string', error: (error as Error).message }, transfer: none };
      }
    }
    const cached = this.load(request);
    const ok = cached.parsed.root !== undefined && cached.parsed.problems.length === 0;
    const invalid = 'The document has syntax errors: fix them first (they are listed under it).';
    switch (request.type) {
      case 'document': {
        const formatted = this.formatted(cached, request);
        const view = formatted && encodeLines(formatted.text, formatted.closes.slice());
        return {
          reply: {
            type: 'document',
            problems: cached.parsed.problems,
            view,
            bytes: cached.text.length,
            values: formatted ? formatted.values : 0,
            inexact: ok ? (cached.inexact ??= inexactNumbers(cached.parsed)) : undefined,
          },
          transfer: view ? [view.bytes.buffer, view.lineStarts.buffer, view.closes.buffer] : none,
        };
      }
      case 'path': {
        if (!ok)
          return { reply: { type: 'path', results: [], error: { message: invalid, offset: -1 } }, transfer: none };
        const formatted = this.formatted(cached, request)!;
        try {
          const matches = evaluatePath(cached.parsed.root!, cached.text, request.selector, this.plain(cached));
          const results = matches.map((m) => ({
            path: m.path,
            pointer: m.pointer,
            line: formatted.lineOf(m.node) ?? 0,
            preview: preview(printNode(m.node, cached.text, 'minify')),
          }));
          return { reply: { type: 'path', results }, transfer: none };
        } catch (error) {
          if (!(error instanceof JsonPathError)) throw error;
          return {
            reply: { type: 'path', results: [], error: { message: error.detail, offset: error.offset } },
            transfer: none,
          };
        }
      }
      case 'path-at': {
        const formatted = ok ? this.formatted(cached, request) : undefined;
        const node = formatted?.lineNodes[request.line];
        if (!node) return { reply: { type: 'path-at', path: '', pointer: '' }, transfer: none };
        const segments = segmentsOf(node);
        return {
          reply: {
            type: 'path-at',
            path: normalizedPath(segments),
            pointer: segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''),
          },
          transfer: none,
        };
      }
      case 'query': {
        if (!ok) return { reply: { type: 'query', error: { message: invalid } }, transfer: none };
        try {
          const result = await runQuery(request.language, this.plain(cached), request.expression, request.timeLimitMs);
          return {
            reply: {
              type: 'query',
              result: result === undefined ? 'undefined (no match)' : JSON.stringify(result, null, 2),
            },
            transfer: none,
          };
        } catch (error) {
          if (error instanceof QueryTimeout)
            return { reply: { type: 'query', error: { message: error.message }, timedOut: true }, transfer: none };
          if (!(error instanceof QueryError)) throw error;
          return { reply: { type: 'query', error: { message: error.detail, offset: error.offset } }, transfer: none };
        }
      }
      case 'validate-schema': {
        if (!ok) return { reply: { type: 'validate-schema', error: invalid }, transfer: none };
        const schemaDoc = parseJson(request.schema, { jsonc: request.jsonc });
        if (!schemaDoc.root || schemaDoc.problems.length > 0) {
          const p = schemaDoc.problems[0];
          return {
            reply: {
              type: 'validate-schema',
              error: p
                ? `The schema has a syntax error at line ${p.line}, column ${p.column}: ${p.message}`
                : 'Paste a JSON Schema.',
            },
            transfer: none,
          };
        }
        try {
          const formatted = this.formatted(cached, request);
          const result = validateDocument(cached.parsed, toPlain(schemaDoc.root, schemaDoc.text), {
            formats: request.formats === 'default' ? undefined : request.formats,
          });
          return {
            reply: {
              type: 'validate-schema',
              valid: result.valid,
              draft: DRAFT_NAMES[result.draft],
              assumed: result.assumed,
              problems: result.problems.map((p) => {
                const node = p.place && cached.parsed.root ? nodeLineOf(formatted, p.pointer, cached) : undefined;
                return { ...p, line: node };
              }),
            },
            transfer: none,
          };
        } catch (error) {
          return {
            reply: { type: 'validate-schema', error: `Not a usable schema: ${(error as Error).message}` },
            transfer: none,
          };
        }
      }
      case 'generate-schema': {
        if (!ok) return { reply: { type: 'generate-schema', error: invalid }, transfer: none };
        const value = toLossless(cached.parsed.root!, cached.text);
        if (request.each && !Array.isArray(value))
          return {
            reply: {
              type: 'generate-schema',
              error: 'The document is not an array: there are no items to use as samples.',
            },
            transfer: none,
          };
        const samples = request.each ? (value as unknown[]) : [value];
        if (samples.length === 0)
          return { reply: { type: 'generate-schema', error: 'The array is empty: no samples.' }, transfer: none };
        try {
          return {
            reply: {
              type: 'generate-schema',
              schema: JSON.stringify(generateSchema(samples), null, 2),
              samples: samples.length,
            },
            transfer: none,
          };
        } catch (error) {
          return { reply: { type: 'generate-schema', error: (error as Error).message }, transfer: none };
        }
      }
      case 'diff': {
        if (!ok) return { reply: { type: 'diff', error: `Left: ${invalid}` }, transfer: none };
        const right = parseJson(request.right, { jsonc: request.jsonc });
        if (!right.root || right.problems.length > 0) {
          const p = right.problems[0];
          return {
            reply: {
              type: 'diff',
              error: p
                ? `The right document has a syntax error at line ${p.line}, column ${p.column}: ${p.message}`
                : 'Paste the document to compare with.',
            },
            transfer: none,
          };
        }
        const result = diffJson(toLossless(cached.parsed.root!, cached.text), toLossless(right.root, right.text), {
          arrayKey: request.key.trim() || undefined,
          ignoreOrder: request.ignoreOrder,
        });
        const show = (v: unknown) => (v === undefined ? undefined : preview(stringifyExact(v)));
        return {
          reply: {
            type: 'diff',
            changes: result.changes.map((c) => ({ ...c, left: show(c.left), right: show(c.right) })),
            patch: stringifyExact(result.patch, 2),
          },
          transfer: none,
        };
      }
    }
  }
}

function nodeLineOf(formatted: Formatted | undefined, pointer: string, cached: Cached): number | undefined {
  if (!formatted || !cached.parsed.root) return undefined;
  let current = pointer;
  for (;;) {
    const node = nodeAt(cached, current);
    if (node) return formatted.lineOf(node);
    if (current === '') return undefined;
    current = current.slice(0, current.lastIndexOf('/'));
  }
}

const nodeAt = (cached: Cached, pointer: string) => nodeAtPointer(cached.parsed.root!, pointer);
