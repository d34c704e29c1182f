import { CurlParseError } from '../errors.ts';
import { ComposeError, parseDockerRuns } from '../compose/parse.ts';
import { parseCurl } from '../curl/parse.ts';
import { parseJson } from '../json/document.ts';
import type { Intent, IntentKind } from './intents.ts';

/** One kind of text the workspace can open, and how to tell it. */
export interface Recogniser {
  /** The intent it produces; only recognisers whose kind a registered tool accepts take part. */
  kind: IntentKind;
  /** What the text is, in words for the notice: "a curl command". */
  what: string;
  recognise(text: string): Intent | null;
}

/** `404`, `404 Not Found`, `HTTP/1.1 404 Not Found`, `HTTP/2 404`. */
const STATUS_TEXT = /^(?:HTTP\/\d(?:\.\d)?\s+)?([1-5]\d\d)(?:\s+[A-Za-z][A-Za-z' -]*)?$/;

/** `docker run`, `docker container create`, `podman run` at the start of a line (after a prompt or sudo). */
const DOCKER_RUN_START =
  /(?:^|\n)[ \t]*(?:\$[ \t]+|PS[^\n>]*>[ \t]*)?(?:sudo[ \t]+)?(?:docker|podman)(?:\.exe)?[ \t]+(?:container[ \t]+)?(?:run|create)\b/;

/**
 * In order: the first that recognises the text wins. A bare number is tried
 * before curl, since no curl command is a number; docker run before curl,
 * since a docker run command is not curl (even one that runs curl in its container).
 * JSON is an object or an array (`{…}`, `[…]`), so a bare `404` stays a status code;
 * one with syntax errors still goes to JSON Tools, which shows where they are.
 */
export const RECOGNISERS: readonly Recogniser[] = [
  {
    kind: 'show-status',
    what: 'an HTTP status code',
    recognise(text) {
      const match = STATUS_TEXT.exec(text.trim());
      return match ? { kind: 'show-status', code: Number(match[1]) } : null;
    },
  },
  {
    kind: 'open-json',
    what: 'a JSON document',
    recognise(text) {
      const trimmed = text.trim();
      const wrapped = /^\{[\s\S]*\}$/.test(trimmed) || /^\[[\s\S]*\]$/.test(trimmed);
      if (!wrapped) return null;
      // `[200]` or `[a-z]` alone is more likely not JSON meant for reading: ask for a parse or a structure inside.
      if (trimmed.startsWith('[') && parseJson(trimmed, { jsonc: true }).problems.length > 0 && !/[{":]/.test(trimmed))
        return null;
      return { kind: 'open-json', text };
    },
  },
  {
    kind: 'convert-docker-run',
    what: 'a docker run command',
    recognise(text) {
      try {
        parseDockerRuns(text);
      } catch (error) {
        if (!(error instanceof ComposeError)) throw error;
        // One with a problem still goes to Compose, which shows the problem where it is.
        if (error.code === 'no-docker-run' || error.code === 'empty' || !DOCKER_RUN_START.test(text)) return null;
      }
      return { kind: 'convert-docker-run', text };
    },
  },
  {
    kind: 'convert-command',
    what: 'a curl command',
    recognise(text) {
      if (text.trim() === '') return null;
      try {
        parseCurl(text);
      } catch (error) {
        // A curl command with a problem still goes to the converter, which shows the problem where it is.
        if (error instanceof CurlParseError && (error.code === 'not-curl' || error.code === 'empty')) return null;
      }
      return { kind: 'convert-command', text };
    },
  },
];

export type Recognised = { intent: Intent; what: string } | { intent: null; reason: string };

/** The first recogniser (among the kinds some tool accepts) that knows the text, or why none did. */
export function recogniseText(text: string, accepted: ReadonlySet<IntentKind>): Recognised {
  const trimmed = text.trim();
  if (trimmed === '') return { intent: null, reason: 'The selected text is empty.' };
  const candidates = RECOGNISERS.filter((r) => accepted.has(r.kind));
  for (const recogniser of candidates) {
    const intent = recogniser.recognise(text);
    if (intent) return { intent, what: recogniser.what };
  }
  const start = trimmed.slice(0, 40).replace(/\s+/g, ' ');
  const kinds = candidates.map((r) => r.what);
  const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}` : (kinds[0] ?? 'nothing');
  return {
    intent: null,
    reason: `The selected text (“${start}${trimmed.length > 40 ? '…' : ''}”) is not something HTTP Workbench opens: select ${list}.`,
  };
}
