/**
 * Makes a schema self-contained for the generator: every `$ref` (and `$dynamicRef`) is resolved the way a
 * validator resolves it (against the base URI set by the enclosing `$id`s, to a JSON pointer, an `$anchor`, a
 * `$dynamicAnchor`, an embedded resource or a schema given in `remotes`) and rewritten to point into one `$defs`
 * table at the root (`#/$defs/ref0`, `#/$defs/ref1`…). json-schema-faker only follows `#/$defs/<name>`, so
 * without this a schema with `$id`s, anchors, `definitions`, escaped pointers or several files cannot be mocked.
 * Recursion stays recursion (a definition may point at itself); the generator bounds its depth.
 *
 * Validation always uses the original schema; this copy only drives generation.
 */

type Schema = Record<string, unknown> | boolean;
type SchemaObject = Record<string, unknown>;

/** Keywords whose value is one subschema. */
const SINGLE = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
];
/** Keywords whose value is an array of subschemas. */
const ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
/** Keywords whose value is a map of subschemas. */
const MAPS = ['$defs', 'definitions', 'dependentSchemas', 'dependencies', 'patternProperties', 'properties'];

/** Keywords that only identify a schema: the generator has no use for them once refs point into `$defs`. */
const IDENTIFYING = ['$id', 'id', '$anchor', '$dynamicAnchor', '$recursiveAnchor', '$schema'];

export class RefError extends Error {
  constructor(
    message: string,
    readonly ref: string,
  ) {
    super(message);
    this.name = 'RefError';
  }
}

const ROOT_BASE = 'urn:x-mock:root';

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolveUri(ref: string, base: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    // URNs (and other opaque URIs) only take a fragment relative to them.
    if (ref.startsWith('#')) return base.replace(/#.*$/, '') + ref;
    return ref;
  }
}

function splitFragment(uri: string): [string, string] {
  const hash = uri.indexOf('#');
  return hash < 0 ? [uri, ''] : [uri.slice(0, hash), uri.slice(hash + 1)];
}

/** Whether `$ref` siblings are ignored (draft 7 and earlier) for this schema. */
function refOverridesSiblings(schema: Schema): boolean {
  if (!isObject(schema) || typeof schema.$schema !== 'string') return false;
  return /draft-0[3467]\//.test(schema.$schema);
}

interface Resource {
  node: Schema;
  base: string;
}

/** Every schema resource and anchor reachable from the roots, by absolute URI. */
class Index {
  readonly resources = new Map<string, Resource>();
  readonly anchors = new Map<string, Resource>();
  /** Which base URI applies at a node (objects only). */
  readonly baseOf = new Map<SchemaObject, string>();
  /** The resources in which a dynamic anchor of a name is declared (first registered is outermost). */
  readonly dynamic = new Map<string, Resource[]>();

  add(node: Schema, base: string, legacyIds: boolean) {
    const [doc] = splitFragment(base);
    this.resources.set(doc, { node, base: doc });
    this.walk(node, doc, legacyIds);
  }

  private walk(node: unknown, base: string, legacyIds: boolean) {
    if (!isObject(node)) return;
    let here = base;
    const id = typeof node.$id === 'string' ? node.$id : legacyIds && typeof node.id === 'string' ? node.id : undefined;
    if (id !== undefined) {
      if (id.startsWith('#') && id.length > 1) {
        // draft 6/7: `$id: "#foo"` is an anchor.
        this.anchors.set(resolveUri(id, base), { node, base });
      } else {
        here = splitFragment(resolveUri(id, base))[0];
        this.resources.set(here, { node, base: here });
      }
    }
    this.baseOf.set(node, here);
    if (typeof node.$anchor === 'string') this.anchors.set(`${here}#${node.$anchor}`, { node, base: here });
    if (typeof node.$dynamicAnchor === 'string') {
      const entry = { node, base: here };
      if (!this.anchors.has(`${here}#${node.$dynamicAnchor}`))
        this.anchors.set(`${here}#${node.$dynamicAnchor}`, entry);
      const list = this.dynamic.get(node.$dynamicAnchor) ?? [];
      list.push(entry);
      this.dynamic.set(node.$dynamicAnchor, list);
    }
    for (const key of SINGLE) if (key in node) this.walk(node[key], here, legacyIds);
    for (const key of ARRAYS)
      if (Array.isArray(node[key])) for (const sub of node[key]) this.walk(sub, here, legacyIds);
    for (const key of MAPS) {
      const map = node[key];
      if (isObject(map)) for (const sub of Object.values(map)) this.walk(sub, here, legacyIds);
    }
  }
}

function unescapePointer(token: string): string {
  let text = token;
  try {
    text = decodeURIComponent(token);
  } catch {
    // Not percent-encoded after all.
  }
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}

export interface BundleOptions {
  /** Schemas other schemas refer to by URI (the `$id` or retrieval URI → schema). */
  remotes?: Readonly<Record<string, unknown>>;
}

/**
 * A copy of `schema` whose references all point into a root `$defs` table. Throws `RefError` naming the
 * reference that cannot be resolved.
 */
export function bundleSchema(schema: unknown, options: BundleOptions = {}): Schema {
  if (typeof schema === 'boolean') return schema;
  if (!isObject(schema)) throw new RefError('A schema is a JSON object or a boolean.', '');
  const legacy = refOverridesSiblings(schema);
  const index = new Index();
  for (const [uri, remote] of Object.entries(options.remotes ?? {})) {
    if (isObject(remote) || typeof remote === 'boolean') index.add(remote as Schema, uri, legacy);
  }
  index.add(schema, ROOT_BASE, legacy);

  const defs: Record<string, Schema> = {};
  const names = new Map<unknown, string>();
  const queue: { name: string; node: Schema; base: string }[] = [];

  /** Finds the schema a reference names, with the base URI that applies inside it. */
  const lookup = (ref: string, base: string, dynamic: boolean): Resource => {
    const uri = resolveUri(ref, base);
    const [doc, fragment] = splitFragment(uri);
    if (fragment === '' || fragment.startsWith('/')) {
      const resource = index.resources.get(doc);
      if (!resource) throw new RefError(`The reference "${ref}" points to "${doc}", which is not in the schema.`, ref);
      let node: unknown = resource.node;
      let nodeBase = resource.base;
      for (const token of fragment.split('/').slice(1)) {
        const key = unescapePointer(token);
        if (Array.isArray(node)) node = node[Number(key)];
        else if (isObject(node)) node = node[key];
        else node = undefined;
        if (isObject(node)) nodeBase = index.baseOf.get(node) ?? nodeBase;
        if (node === undefined) throw new RefError(`The reference "${ref}" points to nothing.`, ref);
      }
      if (!isObject(node) && typeof node !== 'boolean') {
        throw new RefError(`The reference "${ref}" does not point to a schema.`, ref);
      }
      return { node, base: isObject(node) ? (index.baseOf.get(node) ?? nodeBase) : nodeBase };
    }
    const anchored = index.anchors.get(uri);
    if (!anchored) throw new RefError(`The reference "${ref}" names an anchor the schema does not declare.`, ref);
    if (dynamic && isObject(anchored.node) && anchored.node.$dynamicAnchor === fragment) {
      // The outermost resource declaring the dynamic anchor wins (the dynamic scope starts at the root).
      const outermost = index.dynamic.get(fragment)?.[0];
      if (outermost) return outermost;
    }
    return anchored;
  };

  const nameFor = (target: Resource): string => {
    const existing = names.get(target.node);
    if (existing) return existing;
    const name = `ref${names.size}`;
    names.set(target.node, name);
    queue.push({ name, node: target.node, base: target.base });
    return name;
  };

  const rewrite = (node: unknown, base: string): unknown => {
    if (!isObject(node)) return node;
    const here = index.baseOf.get(node) ?? base;
    const out: SchemaObject = {};
    const refKey = typeof node.$ref === 'string' ? '$ref' : typeof node.$dynamicRef === 'string' ? '$dynamicRef' : '';
    if (refKey && legacy) {
      // Before 2019-09, `$ref` replaces its siblings.
      return { $ref: `#/$defs/${nameFor(lookup(node[refKey] as string, here, false))}` };
    }
    for (const [key, value] of Object.entries(node)) {
      if (IDENTIFYING.includes(key) || key === '$ref' || key === '$dynamicRef') continue;
      if (SINGLE.includes(key) && !(key === 'items' && Array.isArray(value))) out[key] = rewrite(value, here);
      else if (ARRAYS.includes(key) && Array.isArray(value)) out[key] = value.map((sub) => rewrite(sub, here));
      else if (MAPS.includes(key) && isObject(value)) {
        out[key] = Object.fromEntries(
          Object.entries(value).map(([k, sub]) => [k, Array.isArray(sub) ? sub : rewrite(sub, here)]),
        );
      } else out[key] = value;
    }
    // `definitions` are only targets of references, which now point into `$defs`.
    delete out.definitions;
    if (out.$defs !== undefined) delete out.$defs;
    if (refKey) {
      const target = { $ref: `#/$defs/${nameFor(lookup(node[refKey] as string, here, refKey === '$dynamicRef'))}` };
      const siblings = Object.keys(out).filter((key) => !['title', 'description', '$comment'].includes(key));
      if (siblings.length === 0) return target;
      out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), target];
    }
    return out;
  };

  const root = rewrite(schema, ROOT_BASE) as SchemaObject;
  for (let i = 0; i < queue.length; i++) {
    const { name, node, base } = queue[i]!;
    defs[name] = rewrite(node, base) as Schema;
  }
  if (Object.keys(defs).length > 0) root.$defs = defs;
  return root;
}
