import type { PaletteCommand, ToolMeta } from '../tools/types.ts';

export interface PaletteItem extends PaletteCommand {
  /** Stable key for the list. */
  key: string;
}

/** Every static entry: "open the tool" for each tool, then each tool's own commands. */
export function staticItems(tools: readonly ToolMeta[]): PaletteItem[] {
  const items: PaletteItem[] = [];
  for (const tool of tools) {
    items.push({
      key: `tool:${tool.id}`,
      title: tool.title,
      hint: tool.description,
      keywords: [...tool.keywords, tool.group],
      tool: tool.id,
    });
    for (const [index, command] of (tool.commands ?? []).entries()) {
      items.push({ ...command, key: `command:${tool.id}:${index}` });
    }
  }
  return items;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * How well an item matches: every word of the query must start a word of
 * the title, a keyword or the hint; the title counts most. 0: no match.
 */
export function score(item: PaletteCommand, query: string): number {
  const wanted = words(query);
  if (wanted.length === 0) return 1;
  const title = words(item.title);
  const keywords = (item.keywords ?? []).flatMap(words);
  const hint = words(item.hint ?? '');
  const whole = item.title.toLowerCase();
  let total = whole.startsWith(query.trim().toLowerCase()) ? 50 : 0;
  for (const word of wanted) {
    if (title.some((w) => w === word)) total += 30;
    else if (title.some((w) => w.startsWith(word))) total += 20;
    else if (keywords.some((w) => w.startsWith(word))) total += 10;
    else if (hint.some((w) => w.startsWith(word))) total += 3;
    else return 0;
  }
  return total;
}

/**
 * The palette's list for a query: the matching static items by score (ties
 * in registry order), then what the tools' own searches found, at most `limit`.
 * An empty query lists every tool and command: that list is the palette's menu.
 */
export function searchPalette(
  query: string,
  items: readonly PaletteItem[],
  searches: readonly ((query: string) => PaletteCommand[])[],
  limit = 12,
): PaletteItem[] {
  const ranked = items
    .map((item, index) => ({ item, index, score: score(item, query) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((r) => r.item);
  const found: PaletteItem[] = [];
  if (query.trim() !== '') {
    for (const search of searches) {
      for (const [index, command] of search(query).entries()) {
        found.push({ ...command, key: `found:${command.tool}:${index}:${command.title}` });
      }
    }
  }
  // A tool's own finding for the exact thing typed ("429") beats a loose title match.
  return [
    ...ranked.filter((item) => score(item, query) >= 30),
    ...found,
    ...ranked.filter((item) => score(item, query) < 30),
  ].slice(0, query.trim() === '' ? items.length : limit);
}
