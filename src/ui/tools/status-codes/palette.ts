import { parseStatusQuery, searchStatus } from '../../../core/status/search.ts';
import type { PaletteCommand } from '../types.ts';

/** The most status codes the palette lists for one query. */
export const PALETTE_LIMIT = 8;

/**
 * The command palette's status search: `429`, `status 429`, `too many` →
 * "Status 429 Too Many Requests". Matches found only in the codes' longer
 * texts are offered only when the query says it is about status codes
 * ("status rate limit"), and a query of words alone needs four letters
 * ("gone", "too many"), so short queries meant for other tools ("con" for
 * Convert) do not fill the palette with status codes.
 */
export function search(query: string): PaletteCommand[] {
  const { tokens, aboutStatus } = parseStatusQuery(query);
  if (tokens.length === 0) return [];
  const numeric = tokens.some((token) => /^(\d+|[1-5]xx)$/.test(token));
  if (!aboutStatus && !numeric && tokens.join('').length < 4) return [];
  const matches = searchStatus(query);
  // "429" means that code: other codes that merely mention 429 would be noise.
  const exact = matches.some((match) => match.kind === 'code');
  return matches
    .filter((match) => (exact ? match.kind === 'code' : aboutStatus || match.kind !== 'text'))
    .slice(0, PALETTE_LIMIT)
    .map(({ entry }) => ({
      title: `Status ${entry.code} ${entry.reason}`,
      hint: entry.standard ? entry.summary : `Non-standard. ${entry.summary}`,
      tool: 'status-codes',
      params: { code: String(entry.code) },
    }));
}
