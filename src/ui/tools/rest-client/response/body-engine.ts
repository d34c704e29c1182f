/**
 * The work behind the response body viewer, kept off the main thread: it
 * pretty-prints JSON, indexes lines and rows, and highlights only the lines
 * asked for. It runs in a worker (body-worker.ts), or in the page when
 * workers are unavailable. Every message is plain data.
 */
import { createTokenizer, type GrammarState, type ThemedToken } from '../../../highlight.ts';
import { jsonContext, jsonError, prettyJson } from './json-pretty.ts';
import { indexText, lineEnd, type TextIndex } from './text-index.ts';

/** The languages a body is highlighted as. */
export type BodyLanguage = 'json' | 'html' | 'xml' | 'javascript' | 'css';

/** Rows longer than this are cut into several rows. */
export const MAX_COLS = 1000;
/** Lines between grammar checkpoints. */
const CHECKPOINT = 64;
/** A body larger than this (characters) shows a first screen before the whole is formatted. */
const PREVIEW_FROM = 256 * 1024;
const PREVIEW_LINES = 400;
/**
 * Non-JSON text is highlighted from its start (the grammar state of a line
 * depends on everything above it), so only up to this size. Pretty JSON is
 * highlighted at any size: the pretty-printer records the context of each
 * checkpoint.
 */
export const HIGHLIGHT_LIMIT = 2 * 1024 * 1024;
/** Most lines highlighted for one request. */
const MAX_WINDOW = 400;
const MAX_LINE_LENGTH = 4000;

export type EngineRequest =
  | { type: 'open'; doc: number; text: string; language: BodyLanguage | null; pretty: boolean }
  | { type: 'tokens'; doc: number; from: number; to: number }
  | { type: 'close'; doc: number };

export interface DocumentReply {
  type: 'document';
  doc: number;
  text: string;
  index: TextIndex;
  /** False for the first screen of a large body, before the whole is ready. */
  complete: boolean;
  /** True when the text shown is JSON re-indented (not the body as received). */
  formatted: boolean;
  /** Whether lines can be highlighted on request. */
  highlight: boolean;
  /** Why the body is shown as it is, when the user would expect otherwise. */
  note?: string;
}

/** A highlighted line: text and an index into `styles`, alternating. */
export type TokenLine = (string | number)[];

export interface TokensReply {
  type: 'tokens';
  doc: number;
  from: number;
  lines: TokenLine[];
  /** CSS declarations (custom properties for the light and dark themes). */
  styles: string[];
}

export type EngineReply = DocumentReply | TokensReply;
export type Post = (reply: EngineReply, transfer?: Transferable[]) => void;

const tokenizer = createTokenizer<BodyLanguage>({
  json: () => import('shiki/langs/json.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  css: () => import('shiki/langs/css.mjs'),
});

interface Doc {
  text: string;
  index: TextIndex;
  language: BodyLanguage | null;
  /** Open containers at each checkpoint of pretty JSON. */
  stacks: string[] | null;
  /** Grammar state at each checkpoint, computed from the top as far as needed. */
  states: (GrammarState | undefined)[];
  want: { from: number; to: number } | null;
  running: boolean;
}

const yieldToMessages = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class BodyEngine {
  private docs = new Map<number, Doc>();

  constructor(private post: Post) {}

  handle(request: EngineRequest): void {
    if (request.type === 'open') this.open(request);
    else if (request.type === 'close') this.docs.delete(request.doc);
    else {
      const doc = this.docs.get(request.doc);
      if (!doc) return;
      doc.want = { from: request.from, to: Math.min(request.to, request.from + MAX_WINDOW) };
      if (!doc.running) void this.run(request.doc, doc);
    }
  }

  private open({ doc: id, text, language, pretty }: Extract<EngineRequest, { type: 'open' }>): void {
    let shown = text;
    let stacks: string[] | null = null;
    let note: string | undefined;
    if (pretty && language === 'json') {
      if (text.length > PREVIEW_FROM) {
        const preview = prettyJson(text, { maxLines: PREVIEW_LINES, checkpointEvery: CHECKPOINT });
        this.send({ id, text: preview.text, stacks: null, language, complete: false, formatted: true });
      }
      const error = jsonError(text);
      if (error === null) {
        const pretty = prettyJson(text, { checkpointEvery: CHECKPOINT });
        shown = pretty.text;
        stacks = pretty.stacks;
      } else {
        note = `Not valid JSON (${error}), so it is shown as received.`;
      }
    }
    let highlight = pretty && language !== null;
    if (highlight && stacks === null && text.length > HIGHLIGHT_LIMIT) {
      highlight = false;
      note = [note, `Highlighting is off for text bodies over ${HIGHLIGHT_LIMIT / 1024 / 1024} MB (except JSON).`]
        .filter(Boolean)
        .join(' ');
    }
    this.send({
      id,
      text: shown,
      stacks,
      language: highlight ? language : null,
      complete: true,
      formatted: stacks !== null,
      note,
    });
  }

  private send(d: {
    id: number;
    text: string;
    stacks: string[] | null;
    language: BodyLanguage | null;
    complete: boolean;
    formatted: boolean;
    note?: string;
  }): void {
    const index = indexText(d.text, MAX_COLS);
    const doc: Doc = {
      text: d.text,
      index,
      language: d.language,
      stacks: d.stacks,
      states: [undefined],
      want: this.docs.get(d.id)?.want ?? null,
      running: false,
    };
    this.docs.set(d.id, doc);
    if (doc.want) void this.run(d.id, doc);
    // The engine keeps its index: the page gets copies it may take over.
    const copy: TextIndex = {
      ...index,
      lineStarts: index.lineStarts.slice(),
      rows: index.rows && { starts: index.rows.starts.slice(), lines: index.rows.lines.slice() },
    };
    const transfer: Transferable[] = [copy.lineStarts.buffer as ArrayBuffer];
    if (copy.rows) transfer.push(copy.rows.starts.buffer as ArrayBuffer, copy.rows.lines.buffer as ArrayBuffer);
    this.post(
      {
        type: 'document',
        doc: d.id,
        text: d.text,
        index: copy,
        complete: d.complete,
        formatted: d.formatted,
        highlight: d.language !== null,
        note: d.note,
      },
      transfer,
    );
  }

  /** Highlights the newest window asked for, advancing grammar checkpoints a chunk at a time. */
  private async run(id: number, doc: Doc): Promise<void> {
    doc.running = true;
    try {
      while (doc.want && this.docs.get(id) === doc) {
        const want = doc.want;
        const language = doc.language;
        if (language === null) {
          doc.want = null;
          break;
        }
        const lineCount = doc.index.lineStarts.length;
        const from = Math.max(0, Math.min(want.from, lineCount));
        const to = Math.max(from, Math.min(want.to, lineCount));
        const checkpoint = Math.floor(from / CHECKPOINT);
        if (doc.stacks === null && doc.states.length <= checkpoint) {
          // Carry the grammar state one chunk further down, then look at the newest request again.
          const k = doc.states.length - 1;
          const { grammarState } = await tokenizer.tokenize(
            this.slice(doc, k * CHECKPOINT, (k + 1) * CHECKPOINT),
            language,
            { grammarState: doc.states[k], tokenizeMaxLineLength: MAX_LINE_LENGTH },
          );
          doc.states.push(grammarState);
          await yieldToMessages();
          continue;
        }
        const start = checkpoint * CHECKPOINT;
        const { tokens } = await tokenizer.tokenize(this.slice(doc, start, to), language, {
          ...(doc.stacks
            ? { grammarContextCode: jsonContext(doc.stacks[checkpoint] ?? '') }
            : { grammarState: doc.states[checkpoint] }),
          tokenizeMaxLineLength: MAX_LINE_LENGTH,
        });
        if (this.docs.get(id) !== doc) break;
        this.post(encodeTokens(id, from, tokens.slice(from - start, to - start)));
        if (doc.want === want) doc.want = null;
        await yieldToMessages();
      }
    } catch {
      // Highlighting is a nicety: the plain text stays on screen.
      doc.want = null;
    } finally {
      doc.running = false;
    }
  }

  private slice(doc: Doc, from: number, to: number): string {
    const { lineStarts } = doc.index;
    const last = Math.min(to, lineStarts.length) - 1;
    if (last < from) return '';
    return doc.text.slice(lineStarts[from], lineEnd(doc.text, lineStarts, last));
  }
}

function encodeTokens(doc: number, from: number, tokens: ThemedToken[][]): TokensReply {
  const styles: string[] = [];
  const known = new Map<string, number>();
  const lines = tokens.map((line) => {
    const out: TokenLine = [];
    for (const token of line) {
      const style = Object.entries(token.htmlStyle ?? {})
        .map(([name, value]) => `${name}:${value}`)
        .join(';');
      let index = known.get(style);
      if (index === undefined) {
        index = styles.push(style) - 1;
        known.set(style, index);
      }
      out.push(token.content, index);
    }
    return out;
  });
  return { type: 'tokens', doc, from, lines, styles };
}
