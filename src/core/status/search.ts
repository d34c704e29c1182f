/**
 * Search over the status reference, shared by the Status Codes view, the
 * command palette and the CLI. Ranking, best first:
 *   0 `code`          the number itself: 429
 *   1 `code-prefix`   a numeric prefix or class: 4, 42, 4xx
 *   2 `reason-prefix` the words start the reason phrase: too many
 *   3 `reason-words`  each word starts a word of a reason phrase, or the words
 *                     start another name of the code (Payload Too Large): requests
 *   4 `text`          each word starts a word of the meaning, headers, origin,
 *                     class or constants: rate limit
 * Within the text rank, entries whose summary or meaning hold more of the
 * words come first; within a word rank, standard codes come before
 * non-standard ones; then codes in numeric order.
 */
import { flatMap } from '../arrays.ts';
import { FILTER_LABELS, matchesFilter, statusEntries, type StatusEntry, type StatusFilter } from './codes.ts';

export type MatchKind = 'code' | 'code-prefix' | 'reason-prefix' | 'reason-words' | 'text';

const RANK: Record<MatchKind, number> = { code: 0, 'code-prefix': 1, 'reason-prefix': 2, 'reason-words': 3, text: 4 };

export interface StatusMatch {
  entry: StatusEntry;
  /** The weakest way the query's words matched this entry (the rank it sorts by). */
  kind: MatchKind;
}

export interface StatusSearchOptions {
  /** Only codes of this class (or only non-standard ones). */
  filter?: StatusFilter;
  /** At most this many results. */
  limit?: number;
}

/** Words that only say "this is about status codes": dropped when other words remain. */
const NOISE = new Set(['status', 'code', 'codes', 'http', 'https', 'response']);

/** Lower-case words; apostrophes vanish so "I'm" and "im" meet. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export interface ParsedQuery {
  /** The words searched for, noise removed. */
  tokens: string[];
  /** True when the query said it is about status codes ("status 429", "http error"). */
  aboutStatus: boolean;
}

export function parseStatusQuery(query: string): ParsedQuery {
  // A pasted status line: "HTTP/1.1 404 Not Found" → "404 Not Found".
  const text = query.trim().replace(/^http\/\d(?:\.\d)?\s+/i, '');
  const all = words(text);
  const kept = all.filter((word) => !NOISE.has(word));
  const aboutStatus = kept.length < all.length || /^http\/\d/i.test(query.trim());
  return { tokens: kept.length > 0 ? kept : all, aboutStatus };
}

interface Indexed {
  entry: StatusEntry;
  code: string;
  /** The reason phrase's words joined by spaces. */
  reason: string;
  /** The code's other names (aliases, other meanings), each as its words joined by spaces. */
  otherNames: string[];
  nameWords: string[];
  /** The summary's and meaning's words: a text match here weighs more. */
  primaryWords: string[];
  textWords: string[];
}

let index: Indexed[] | undefined;

function buildIndex(): Indexed[] {
  return statusEntries().map((entry) => {
    const reason = words(entry.reason).join(' ');
    const otherNames = [...entry.aliases, ...entry.otherMeanings.map((m) => m.reason)].map((name) =>
      words(name).join(' '),
    );
    const classLabel = entry.standard
      ? FILTER_LABELS[`${String(entry.code)[0]}xx` as StatusFilter]
      : FILTER_LABELS['non-standard'];
    const text = [
      entry.summary,
      entry.meaning,
      classLabel,
      entry.use,
      entry.avoid,
      entry.origin ?? '',
      ...flatMap(entry.headers, (header) => [header.name, header.note]),
      ...flatMap(entry.otherMeanings, (m) => [m.origin, m.meaning]),
      ...Object.values(entry.constants),
    ].join(' ');
    return {
      entry,
      code: String(entry.code),
      reason,
      otherNames,
      nameWords: flatMap([reason, ...otherNames], (name) => name.split(' ')),
      primaryWords: words(`${entry.summary} ${entry.meaning}`),
      textWords: words(text),
    };
  });
}

const startsAny = (list: readonly string[], token: string) => list.some((word) => word.startsWith(token));

/** How one token matches an entry, or undefined. */
function tokenMatch(item: Indexed, token: string): MatchKind | undefined {
  if (/^\d{3}$/.test(token)) {
    if (item.code === token) return 'code';
    return item.textWords.includes(token) ? 'text' : undefined;
  }
  if (/^\d{1,2}$/.test(token)) {
    if (item.code.startsWith(token)) return 'code-prefix';
    return item.textWords.includes(token) ? 'text' : undefined;
  }
  if (/^[1-5]xx$/.test(token)) return item.code[0] === token[0] ? 'code-prefix' : undefined;
  if (startsAny(item.nameWords, token)) return 'reason-words';
  if (startsAny(item.textWords, token)) return 'text';
  return undefined;
}

const isNumeric = (token: string) => /^(\d+|[1-5]xx)$/.test(token);

function matchEntry(item: Indexed, tokens: readonly string[], phrase: string): MatchKind | undefined {
  const phraseKind: MatchKind | undefined =
    phrase === ''
      ? undefined
      : item.reason.startsWith(phrase)
        ? 'reason-prefix'
        : item.otherNames.some((name) => name.startsWith(phrase))
          ? 'reason-words'
          : undefined;
  let worst: MatchKind = 'code';
  for (const token of tokens) {
    const kind = !isNumeric(token) && phraseKind ? phraseKind : tokenMatch(item, token);
    if (kind === undefined) return undefined;
    if (RANK[kind] > RANK[worst]) worst = kind;
  }
  return worst;
}

/** The entries matching a query, best first. An empty query lists every entry (of the filter) in code order. */
export function searchStatus(query: string, options: StatusSearchOptions = {}): StatusMatch[] {
  index ??= buildIndex();
  const filter = options.filter ?? 'all';
  const { tokens } = parseStatusQuery(query);
  const phrase = tokens.filter((token) => !isNumeric(token)).join(' ');
  const matches: (StatusMatch & { weight: number })[] = [];
  for (const item of index) {
    if (!matchesFilter(item.entry, filter)) continue;
    if (tokens.length === 0) {
      matches.push({ entry: item.entry, kind: 'code-prefix', weight: 0 });
      continue;
    }
    const kind = matchEntry(item, tokens, phrase);
    if (kind === undefined) continue;
    const weight = kind === 'text' ? tokens.filter((token) => startsAny(item.primaryWords, token)).length : 0;
    matches.push({ entry: item.entry, kind, weight });
  }
  matches.sort(
    (a, b) =>
      RANK[a.kind] - RANK[b.kind] ||
      b.weight - a.weight ||
      (RANK[a.kind] >= RANK['reason-prefix'] ? Number(!a.entry.standard) - Number(!b.entry.standard) : 0) ||
      a.entry.code - b.entry.code,
  );
  const ranked = matches.map(({ entry, kind }) => ({ entry, kind }));
  return options.limit === undefined ? ranked : ranked.slice(0, options.limit);
}
