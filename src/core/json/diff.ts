import { escapePointer } from './document.ts';

/**
 * A structural diff of two JSON values, as a list of changes and as a JSON Patch (RFC 6902) that turns
 * the left document into the right one.
 *
 * Values come from `toLossless` (numbers as `{ isLosslessNumber, value }` with their text): numbers are
 * compared exactly by their decimal value, so `12345678901234567890` differs from `12345678901234567891`
 * while `1.10` equals `1.1` and `1e2` equals `100`.
 *
 * Arrays: by position (item i against item i), or by a key (`id`: items with the same key value are the
 * same item wherever they are, and moving one is a `move`), optionally ignoring order (an item present on
 * both sides is unchanged wherever it is).
 */

export interface DiffOptions {
  /** Match array items that are objects by this property (e.g. `id`); others by position. */
  arrayKey?: string;
  /** Items equal on both sides (or with the same key) are unchanged, wherever they are. */
  ignoreOrder?: boolean;
}

export type PatchOp =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: unknown }
  | { op: 'move'; from: string; path: string };

export interface Change {
  kind: 'added' | 'removed' | 'changed' | 'moved';
  /** Pointer in the left document (removed, changed, moved) or the right one (added). */
  path: string;
  /** For a move: the pointer in the right document. */
  to?: string;
  left?: unknown;
  right?: unknown;
}

export interface DiffResult {
  changes: Change[];
  patch: PatchOp[];
}

interface LosslessLike {
  isLosslessNumber: true;
  value: string;
}

const isNumberLike = (v: unknown): v is LosslessLike | number =>
  typeof v === 'number' ||
  (typeof v === 'object' && v !== null && (v as { isLosslessNumber?: unknown }).isLosslessNumber === true);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !isNumberLike(v);

/** A number's exact value as sign, digits without leading/trailing zeros, and exponent. */
export function canonicalNumber(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!match) return text;
  const [, sign, int, frac = '', exp = '0'] = match;
  let digits = (int! + frac).replace(/^0+/, '');
  let exponent = BigInt(exp) - BigInt(frac.length);
  if (digits === '') return '0';
  const trailing = digits.length - digits.replace(/0+$/, '').length;
  digits = digits.slice(0, digits.length - trailing);
  exponent += BigInt(trailing);
  return `${sign}${digits}e${exponent}`;
}

const numberText = (v: LosslessLike | number) => (typeof v === 'number' ? String(v) : v.value);

/** Equality as JSON means it: exact numbers, key order ignored. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (isNumberLike(a) || isNumberLike(b)) {
    return isNumberLike(a) && isNumberLike(b) && canonicalNumber(numberText(a)) === canonicalNumber(numberText(b));
  }
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** A stable text for an item, to match equal items regardless of order. */
function fingerprint(v: unknown): string {
  if (isNumberLike(v)) return `n:${canonicalNumber(numberText(v))}`;
  if (Array.isArray(v)) return `[${v.map(fingerprint).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${fingerprint(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

const child = (path: string, key: string | number) => `${path}/${escapePointer(String(key))}`;

export function diffJson(left: unknown, right: unknown, options: DiffOptions = {}): DiffResult {
  const changes: Change[] = [];
  const patch: PatchOp[] = [];

  const replace = (path: string, a: unknown, b: unknown) => {
    changes.push({ kind: 'changed', path, left: a, right: b });
    patch.push({ op: 'replace', path, value: b });
  };

  const walk = (a: unknown, b: unknown, path: string) => {
    if (jsonEqual(a, b)) return;
    if (isObject(a) && isObject(b)) {
      for (const key of Object.keys(a)) {
        if (!Object.hasOwn(b, key)) {
          changes.push({ kind: 'removed', path: child(path, key), left: a[key] });
          patch.push({ op: 'remove', path: child(path, key) });
        } else walk(a[key], b[key], child(path, key));
      }
      for (const key of Object.keys(b)) {
        if (!Object.hasOwn(a, key)) {
          changes.push({ kind: 'added', path: child(path, key), right: b[key] });
          patch.push({ op: 'add', path: child(path, key), value: b[key] });
        }
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      arrays(a, b, path);
      return;
    }
    replace(path, a, b);
  };

  const keyOf = (item: unknown): string | undefined => {
    if (!options.arrayKey || !isObject(item) || !Object.hasOwn(item, options.arrayKey)) return undefined;
    return fingerprint(item[options.arrayKey]);
  };

  const arrays = (a: unknown[], b: unknown[], path: string) => {
    const keyed = options.arrayKey !== undefined && a.concat(b).some((item) => keyOf(item) !== undefined);
    if (!keyed && !options.ignoreOrder) {
      const common = Math.min(a.length, b.length);
      for (let i = 0; i < common; i++) walk(a[i], b[i], child(path, i));
      for (let i = a.length - 1; i >= common; i--) {
        changes.push({ kind: 'removed', path: child(path, i), left: a[i] });
        patch.push({ op: 'remove', path: child(path, i) });
      }
      for (let i = common; i < b.length; i++) {
        changes.push({ kind: 'added', path: child(path, i), right: b[i] });
        patch.push({ op: 'add', path: child(path, i), value: b[i] });
      }
      return;
    }
    // Pair items: by key when they have one, else (ignoring order) by equal value.
    const matchOf = new Map<number, number>(); // left index -> right index
    const taken = new Set<number>();
    const byKey = new Map<string, number[]>();
    b.forEach((item, j) => {
      const k = keyed ? keyOf(item) : undefined;
      const id = k !== undefined ? `k${k}` : options.ignoreOrder ? `v${fingerprint(item)}` : undefined;
      if (id !== undefined) byKey.set(id, [...(byKey.get(id) ?? []), j]);
    });
    a.forEach((item, i) => {
      const k = keyed ? keyOf(item) : undefined;
      const id = k !== undefined ? `k${k}` : options.ignoreOrder ? `v${fingerprint(item)}` : undefined;
      const queue = id !== undefined ? byKey.get(id) : undefined;
      const j = queue?.find((x) => !taken.has(x));
      if (j !== undefined) {
        matchOf.set(i, j);
        taken.add(j);
      }
    });
    // Keyed without ignoring order, items with no key still pair by position among themselves.
    if (!options.ignoreOrder) {
      const freeLeft = a.map((_, i) => i).filter((i) => !matchOf.has(i) && keyOf(a[i]) === undefined);
      const freeRight = b.map((_, j) => j).filter((j) => !taken.has(j) && keyOf(b[j]) === undefined);
      freeLeft.forEach((i, n) => {
        const j = freeRight[n];
        if (j !== undefined) {
          matchOf.set(i, j);
          taken.add(j);
        }
      });
    }
    // 1. Changes inside matched items, at their left positions (nothing has moved yet).
    for (const [i, j] of matchOf) walk(a[i], b[j], child(path, i));
    // 2. Remove unmatched left items, last first so the indexes stay right.
    for (let i = a.length - 1; i >= 0; i--) {
      if (matchOf.has(i)) continue;
      changes.push({ kind: 'removed', path: child(path, i), left: a[i] });
      patch.push({ op: 'remove', path: child(path, i) });
    }
    // 3. Reorder the matched items into the right's order (unless order is ignored).
    const current = a.map((_, i) => i).filter((i) => matchOf.has(i));
    if (!options.ignoreOrder) {
      const target = [...current].sort((x, y) => matchOf.get(x)! - matchOf.get(y)!);
      for (let pos = 0; pos < target.length; pos++) {
        const from = current.indexOf(target[pos]!);
        if (from === pos) continue;
        changes.push({
          kind: 'moved',
          path: child(path, target[pos]!),
          to: child(path, matchOf.get(target[pos]!)!),
          left: a[target[pos]!],
        });
        patch.push({ op: 'move', from: child(path, from), path: child(path, pos) });
        current.splice(from, 1);
        current.splice(pos, 0, target[pos]!);
      }
    }
    // 4. Add the unmatched right items at their places (ascending), or at the end when order is ignored.
    let length = current.length;
    for (let j = 0; j < b.length; j++) {
      if (taken.has(j)) continue;
      const at = options.ignoreOrder ? length : j;
      changes.push({ kind: 'added', path: child(path, j), right: b[j] });
      patch.push({ op: 'add', path: options.ignoreOrder ? `${path}/-` : child(path, at), value: b[j] });
      length++;
    }
  };

  walk(left, right, '');
  return { changes, patch };
}

/** Applies a JSON Patch made by `diffJson` (add, remove, replace, move), returning a new value. */
export function applyPatch(document: unknown, patch: readonly PatchOp[]): unknown {
  let doc = structuredClone(document);
  const parse = (path: string) =>
    path === ''
      ? []
      : path
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const get = (segments: string[]) => segments.reduce<unknown>((v, s) => (v as Record<string, unknown>)[s], doc);
  const remove = (path: string): unknown => {
    const segments = parse(path);
    const last = segments.pop()!;
    const parent = get(segments);
    if (Array.isArray(parent)) return parent.splice(Number(last), 1)[0];
    const value = (parent as Record<string, unknown>)[last];
    delete (parent as Record<string, unknown>)[last];
    return value;
  };
  const add = (path: string, value: unknown) => {
    const segments = parse(path);
    if (segments.length === 0) {
      doc = value;
      return;
    }
    const last = segments.pop()!;
    const parent = get(segments);
    if (Array.isArray(parent)) parent.splice(last === '-' ? parent.length : Number(last), 0, value);
    else (parent as Record<string, unknown>)[last] = value;
  };
  for (const op of patch) {
    if (op.op === 'add') add(op.path, structuredClone(op.value));
    else if (op.op === 'remove') remove(op.path);
    else if (op.op === 'replace') {
      if (op.path === '') doc = structuredClone(op.value);
      else {
        remove(op.path);
        add(op.path, structuredClone(op.value));
      }
    } else add(op.path, remove(op.from));
  }
  return doc;
}
