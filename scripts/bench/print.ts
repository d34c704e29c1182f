/** Plain-text rendering of a benchmark section: the figures with their budgets, notes, then the section's own table. */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withinBudget, type Figure, type Section } from './types.ts';

/** A value with its unit as a reader wants it: ms to 2 decimals (3 significant digits below 1), KB plus raw bytes. */
export function formatValue(value: number, unit: Figure['unit']): string {
  if (!Number.isFinite(value)) return 'n/a';
  switch (unit) {
    case 'ms':
      return `${Math.abs(value) >= 1 ? value.toFixed(2) : value.toPrecision(3)} ms`;
    case 'bytes':
      return `${(value / 1024).toFixed(1)} KB (${Math.round(value).toLocaleString('en-US')} B)`;
    case 'ratio':
      return `${value >= 100 ? value.toFixed(0) : value.toPrecision(3)}x`;
    case 'count':
      return Number.isInteger(value) ? String(value) : value.toFixed(2);
  }
}

/** Columns padded to their widest cell; the first row is the header, underlined. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const columns = Math.max(...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((row) => [...(row[i] ?? '')].length)));
  const line = (row: readonly string[]) =>
    widths
      .map((w, i) => {
        const cell = row[i] ?? '';
        return cell + ' '.repeat(w - [...cell].length);
      })
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  return [line(header!), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** The section as text: title, figures (label, value, budget, ✓/✗, note number), the notes, then `table` if any. */
export function formatSection(section: Section): string {
  const notes: string[] = [];
  const noteRef = (note: string | undefined) => {
    if (!note) return '';
    let index = notes.indexOf(note);
    if (index < 0) index = notes.push(note) - 1;
    return `[${index + 1}]`;
  };
  const rows = section.figures.map((figure) => [
    figure.label,
    formatValue(figure.value, figure.unit),
    figure.budget?.text ?? '',
    figure.budget ? (withinBudget(figure) ? '✓' : '✗') : '',
    noteRef(figure.note),
  ]);
  const parts = [section.title, '='.repeat([...section.title].length)];
  if (rows.length > 0) parts.push(formatTable([['figure', 'value', 'budget', 'ok', 'note'], ...rows]));
  if (notes.length > 0) parts.push(notes.map((note, i) => `[${i + 1}] ${note}`).join('\n'));
  if (section.table && section.table.length > 0) parts.push(formatTable(section.table));
  return parts.join('\n\n');
}

/** Prints a section to stdout (used when a benchmark module runs alone, and by the full run). */
export function printSection(section: Section): void {
  console.log(`${formatSection(section)}\n`);
}

/** Whether this module is the script node was started with (for "run alone" entry points). */
export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return (
      pathToFileURL(realpathSync(resolve(entry))).href === pathToFileURL(realpathSync(fileURLToPath(moduleUrl))).href
    );
  } catch {
    return false;
  }
}
