/**
 * An OpenAPI document (Swagger 2.0, OpenAPI 3.x; YAML or JSON) as a
 * collection: one folder per tag, one request per operation, built by the
 * OpenAPI tool's own builder (`buildRequest`: the first server, path
 * parameters from examples or `{{name}}`, security as `{{variables}}`, a body
 * from the example or the schema). The `{{variables}}` the requests use
 * become the collection's variables, empty, so they show what to fill in.
 */
import { readDocument } from '../openapi/locate.ts';
import { buildRequest, listOperations, UNTAGGED } from '../openapi/operations.ts';
import { detectVersion } from '../openapi/validate.ts';
import { ImportError, requestFromImport } from './formats.ts';
import { SecretSink } from './import-common.ts';
import type { CollectionVariable, ImportResult, PortableItem } from './types.ts';

/** YAML that starts a mapping with `openapi:` or `swagger:` at the top level. */
export function looksLikeOpenApiYaml(source: string): boolean {
  const first = /\S/.exec(source.replace(/^\uFEFF/, ''));
  if (!first || first[0] === '{' || first[0] === '[') return false;
  return /^[ \t]*["']?(openapi|swagger)["']?[ \t]*:/m.test(source);
}

/** Variable names that hold credentials: kept as secret variables. */
const SECRET_NAME = /token|key|secret|password|credential|auth|bearer/i;
/** Headers whose variables are credentials (the security schemes' headers). */
const CREDENTIAL_HEADER = /authorization|api[-_]?key|token|cookie|secret/i;

export function importOpenApi(source: string): ImportResult {
  const document = readDocument(source);
  const syntax = document.syntaxErrors[0];
  if (document.value === undefined || syntax) {
    const where = syntax ? ` at line ${syntax.place.line}, column ${syntax.place.column}` : '';
    throw new ImportError(`The OpenAPI document cannot be read${where}: ${syntax?.message ?? 'it is empty'}.`);
  }
  const root = document.value;
  const version = detectVersion(root);
  if (typeof version !== 'string') {
    const place = document.locate(version.pointer, version.key);
    throw new ImportError(`Not an OpenAPI document (line ${place.line}, column ${place.column}): ${version.message}.`);
  }

  const variables: CollectionVariable[] = [];
  const sink = new SecretSink(variables);
  const notes: string[] = [];
  const seen = new Set<string>();
  const folders: PortableItem[] = [];
  for (const group of listOperations(root)) {
    const items: PortableItem[] = [];
    for (const operation of group.operations) {
      // An operation with several tags is filed under its first one.
      if (seen.has(operation.pointer)) continue;
      seen.add(operation.pointer);
      const name = operation.summary || operation.operationId || `${operation.method} ${operation.path}`;
      let built;
      try {
        built = requestFromImport(buildRequest(root, version, operation.pointer), sink);
      } catch (error) {
        notes.push(`${operation.method} ${operation.path}: not imported: ${(error as Error).message}`);
        continue;
      }
      for (const note of built.notes) notes.push(`${operation.method} ${operation.path}: ${note}`);
      items.push({
        type: 'request',
        name: name.slice(0, 200),
        request: built.request,
        inheritAuth: false,
        variables: [],
      });
    }
    if (items.length > 0) folders.push({ type: 'folder', name: group.tag, variables: [], auth: null, items });
  }
  // A document with no tags at all: its requests sit in the collection itself.
  const top =
    folders.length === 1 && folders[0]!.type === 'folder' && folders[0]!.name === UNTAGGED
      ? folders[0]!.items
      : folders;
  if (folders.length === 0 && notes.length === 0)
    throw new ImportError('The OpenAPI document describes no operations: nothing to import.');

  // Every {{name}} the requests use, so the collection lists what to fill in.
  const used = new Map<string, boolean>();
  const collect = (text: string, credential = false) => {
    for (const match of text.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g))
      used.set(match[1]!, (used.get(match[1]!) ?? false) || credential);
  };
  const walk = (items: readonly PortableItem[]) => {
    for (const item of items) {
      if (item.type === 'folder') walk(item.items);
      else {
        collect(item.request.url);
        for (const header of item.request.headers) collect(header.value, CREDENTIAL_HEADER.test(header.name));
        const body = item.request.body;
        if (body.kind === 'json' || body.kind === 'text') collect(body.text);
      }
    }
  };
  walk(top);
  for (const [name, credential] of used) {
    if (variables.some((v) => v.key === name)) continue;
    variables.push({ key: name, value: '', secret: credential || SECRET_NAME.test(name), enabled: true });
  }

  const info = (root as { info?: { title?: unknown; version?: unknown } }).info;
  const title = typeof info?.title === 'string' && info.title.trim() !== '' ? info.title.trim() : 'OpenAPI import';
  return {
    format: version === '2.0' ? 'Swagger 2.0' : `OpenAPI ${version}`,
    collections: [{ name: title.slice(0, 200), variables, auth: null, items: top }],
    notes,
  };
}
