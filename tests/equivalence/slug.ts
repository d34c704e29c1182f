/**
 * Stable file-name slugs for test cases, from their names: lower case,
 * letters and digits, runs of anything else as one dash. The golden files and
 * the equivalence working folders are named with them.
 */

const MAX_LENGTH = 80;

export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || 'case';
}

/**
 * One slug per name, in order: a name whose slug is already taken gets `-2`,
 * `-3`... (so it stays stable as long as the earlier cases stay).
 */
export function slugsOf(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = slugOf(name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
}
