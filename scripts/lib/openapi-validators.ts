/**
 * Builds the OpenAPI meta-schema validators ahead of time.
 *
 * Ajv compiles a schema into JavaScript with `new Function`, which extension
 * pages forbid. Its "standalone" mode writes that JavaScript out instead, so
 * we compile here, in Node, and ship the generated module. Ajv's standalone
 * output still `require`s a few runtime helpers (deep equality, unicode
 * length, URI parsing, the format checks): esbuild bundles them into one ES
 * module, so nothing of Ajv's compiler reaches the extension.
 *
 * The schemas are the official ones (src/core/openapi/schemas/, see its
 * README). Swagger 2.0 and OpenAPI 3.0 are written in JSON Schema draft-04,
 * which Ajv 8 does not read: `toDraft7` rewrites the two draft-04 spellings
 * that differ (`id`, boolean `exclusiveMinimum`/`exclusiveMaximum`) before
 * compiling, which does not change what they accept.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvModule from 'ajv';
import Ajv2020Module from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import addFormatsModule from 'ajv-formats';
import { build } from 'esbuild';
import { parse as parseYaml } from 'yaml';

/** These packages are CommonJS: under tsx their export is on `.default`, under a bundler it may be the module itself. */
const interop = <T>(module: T): T => (module as { default?: T }).default ?? module;
const Ajv = interop(AjvModule);
const Ajv2020 = interop(Ajv2020Module);
const standaloneCode = interop(standaloneModule);
const addFormats = interop(addFormatsModule);

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCHEMA_DIR = join(root, 'src/core/openapi/schemas');
export const GENERATED_FILE = join(root, 'src/core/openapi/generated/validators.js');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function readSchema(relative: string): Record<string, Json> {
  const text = readFileSync(join(SCHEMA_DIR, relative), 'utf8');
  return (relative.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as Record<string, Json>;
}

/** Keywords whose value is an object of schemas keyed by a name (the names are not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', 'dependencies']);

/** Rewrites a draft-04 schema in the spelling Ajv 8 reads as draft-07, without changing what it accepts. */
export function toDraft7(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(toDraft7);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    if (key === 'id' && typeof value === 'string') out.$id = value;
    else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') {
      const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
      if (value && typeof schema[bound] === 'number') out[key] = schema[bound];
    } else if (key === 'enum' || key === 'default' || key === 'example' || key === 'required') out[key] = value;
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, Array.isArray(sub) ? sub : toDraft7(sub)]),
      );
    } else out[key] = toDraft7(value);
  }
  // A numeric exclusive bound replaces the inclusive one it qualified.
  if (typeof out.exclusiveMinimum === 'number') delete out.minimum;
  if (typeof out.exclusiveMaximum === 'number') delete out.maximum;
  return out;
}

/**
 * The self-contained 3.x schema points at Schema Objects with `$dynamicRef: '#meta'`, whose target (when the
 * schema is used alone) is its own `$defs/schema` (`type: [object, boolean]`). Ajv resolved that dynamic
 * reference to the dialect's `meta` anchor once both were loaded, and then reported valid Schema Objects as
 * unevaluated properties. A static `$ref` to the same definition says the same thing; Schema Objects are
 * checked against the dialect separately (src/core/openapi/structural.ts).
 */
function withStaticMeta(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(withStaticMeta);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) =>
      key === '$dynamicRef' && value === '#meta' ? ['$ref', '#/$defs/schema'] : [key, withStaticMeta(value)],
    ),
  );
}

const OPTIONS = {
  allErrors: true,
  strict: false,
  inlineRefs: false,
  messages: false,
  verbose: true,
  code: { source: true, esm: true },
  validateSchema: false,
} as const;

/**
 * Every `oneOf`/`anyOf` of a root schema, with a reference to each of its branches. When a document fails
 * one, the checker runs each branch's own validator on that part of the document to find the closest
 * branch, so its message speaks of what the author meant rather than of all the alternatives.
 */
function combinators(rootId: string, schema: Json, pointer = ''): { key: string; refs: string[] }[] {
  if (schema === null || typeof schema !== 'object') return [];
  if (Array.isArray(schema)) return schema.flatMap((item, i) => combinators(rootId, item, `${pointer}/${i}`));
  const found: { key: string; refs: string[] }[] = [];
  for (const [key, value] of Object.entries(schema)) {
    const here = `${pointer}/${encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'))}`;
    if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
      found.push({ key: JSON.stringify(value), refs: value.map((_, i) => `${rootId}#${here}/${i}`) });
    }
    if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples' && key !== 'example')
      found.push(...combinators(rootId, value, here));
  }
  return found;
}

/** The generated module's source: one validator per OpenAPI version, plus the 3.1 Schema Object dialect. */
export async function generateValidators(): Promise<string> {
  const draft4 = toDraft7(readSchema('draft-04/schema.json')) as Record<string, Json>;
  const ajv7 = new Ajv({ ...OPTIONS });
  addFormats(ajv7);
  ajv7.addSchema(draft4);
  ajv7.addSchema(toDraft7(readSchema('v2.0/schema.json')) as Record<string, Json>, 'swagger20');
  ajv7.addSchema(toDraft7(readSchema('v3.0/schema.json')) as Record<string, Json>, 'openapi30');
  const exports7: Record<string, string> = { validateSwagger20: 'swagger20', validateOpenApi30: 'openapi30' };
  const branchTable: Record<string, string[]> = {};
  const addBranches = (version: string, rootId: string, schema: Json, exports: Record<string, string>) => {
    for (const { key, refs } of combinators(rootId.replace(/#$/, ''), schema)) {
      branchTable[`${version}|${key}`] = refs.map((ref) => {
        const name = `branch${Object.keys(branchNames).length}`;
        branchNames[ref] ??= name;
        exports[branchNames[ref]] = ref;
        return branchNames[ref];
      });
    }
  };
  const branchNames: Record<string, string> = {};
  const swagger = toDraft7(readSchema('v2.0/schema.json')) as Record<string, Json>;
  const oas30 = toDraft7(readSchema('v3.0/schema.json')) as Record<string, Json>;
  addBranches('2.0', swagger.$id as string, swagger, exports7);
  addBranches('3.0', oas30.$id as string, oas30, exports7);
  const code7 = standaloneCode(ajv7, exports7);

  const ajv2020 = new Ajv2020({ ...OPTIONS });
  addFormats(ajv2020);
  // 3.2's media-type map keys: a media range is any string Ajv's formats do not know; the key's own checks are ours.
  ajv2020.addFormat('media-range', true);
  // ajv-formats has no IRI check (3.2's xml.namespace); accept any string rather than warn at build time.
  ajv2020.addFormat('iri', true);
  const exports2020: Record<string, string> = {};
  for (const version of ['3.1', '3.2'] as const) {
    // The published iterations carry their date in their $id (https://spec.openapis.org/oas/3.1/schema/2025-11-23).
    for (const part of ['meta', 'dialect']) ajv2020.addSchema(readSchema(`v${version}/${part}.json`));
    const schema = withStaticMeta(readSchema(`v${version}/schema.json`)) as Record<string, Json>;
    ajv2020.addSchema(schema);
    const name = version.replace('.', '');
    exports2020[`validateOpenApi${name}`] = schema.$id as string;
    exports2020[`validateSchema${name}`] = readSchema(`v${version}/dialect.json`).$id as string;
    addBranches(version, schema.$id as string, schema, exports2020);
  }
  const code2020 = standaloneCode(ajv2020, exports2020);

  const entry = [
    `export * from 'draft7';`,
    `export * from 'draft2020';`,
    `/** Each oneOf/anyOf of a root schema (version|branches as JSON) → the exports validating its branches. */`,
    `export const BRANCHES = ${JSON.stringify(branchTable)};`,
  ].join('\n');
  const sources: Record<string, string> = { draft7: code7, draft2020: code2020 };
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    minify: true,
    legalComments: 'none',
    plugins: [
      {
        name: 'generated',
        setup(b) {
          b.onResolve({ filter: /^draft(7|2020)$/ }, (args) => ({ path: args.path, namespace: 'generated' }));
          b.onLoad({ filter: /.*/, namespace: 'generated' }, (args) => ({
            contents: sources[args.path],
            loader: 'js',
            resolveDir: root,
          }));
        },
      },
    ],
    mainFields: ['module', 'main'],
  });
  const header =
    '/* Generated by scripts/openapi-validators.ts from src/core/openapi/schemas/ (Ajv standalone + esbuild). Do not edit: run `npm run openapi:validators`. */\n/* eslint-disable */\n// @ts-nocheck\n';
  return header + result.outputFiles[0]!.text;
}
