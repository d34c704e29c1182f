/**
 * Reading an OpenAPI document (3.0 or 3.1, YAML or JSON) and listing its operations: what the Mock API page needs
 * at once, without the generators (they run in the worker; see openapi.ts).
 */
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import { MockError } from './errors.ts';

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The URI the document is known by while its schemas are mocked. */
export const DOCUMENT_URI = 'urn:x-openapi:document';

export interface OperationInfo {
  method: string;
  path: string;
  summary?: string;
  operationId?: string;
}

export interface MediaSpec {
  contentType: string;
  schema?: unknown;
  examples: unknown[];
}

export interface HeaderSpec {
  name: string;
  schema?: unknown;
  example?: unknown;
  required: boolean;
}

export interface ResponseSpec {
  status: string;
  description: string;
  content: MediaSpec[];
  headers: HeaderSpec[];
}

export type Doc = Record<string, unknown>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the document, or throws a `MockError` with the line and column of the first problem. */
export function parseOpenApi(text: string): Doc {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const error = document.errors[0];
  if (error) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    throw new MockError(
      `The OpenAPI document cannot be read at line ${line}, column ${col}: ${error.message.split('\n')[0]}`,
    );
  }
  if (!isMap(document.contents) && !isSeq(document.contents)) {
    throw new MockError('The OpenAPI document is empty or not an object.');
  }
  const doc = document.toJS({ maxAliasCount: 1000 }) as unknown;
  if (!isRecord(doc)) throw new MockError('The OpenAPI document is not an object.');
  if (typeof doc.openapi !== 'string' && typeof doc.swagger !== 'string') {
    throw new MockError('This is not an OpenAPI document: it has no "openapi" field.');
  }
  if (typeof doc.swagger === 'string') {
    throw new MockError('Swagger 2.0 documents are not supported; convert it to OpenAPI 3 first.');
  }
  if (!isRecord(doc.paths)) throw new MockError('The OpenAPI document has no "paths".');
  return doc;
}

export function listOperations(doc: Doc): OperationInfo[] {
  const operations: OperationInfo[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, unknown>)) {
    const pathItem = resolve(doc, item);
    if (!isRecord(pathItem)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        ...(typeof operation.summary === 'string' ? { summary: operation.summary } : {}),
        ...(typeof operation.operationId === 'string' ? { operationId: operation.operationId } : {}),
      });
    }
  }
  return operations;
}

/** Follows `$ref`s to the document's own parts (`#/components/...`). */
export function resolve(doc: Doc, value: unknown, seen = new Set<string>()): unknown {
  if (!isRecord(value) || typeof value.$ref !== 'string') return value;
  const ref = value.$ref;
  if (!ref.startsWith('#/')) throw new MockError(`The reference "${ref}" points outside the document.`);
  if (seen.has(ref)) throw new MockError(`The reference "${ref}" refers to itself.`);
  seen.add(ref);
  let node: unknown = doc;
  for (const token of ref.slice(2).split('/')) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) ? node[key] : undefined;
    if (node === undefined) throw new MockError(`The reference "${ref}" points to nothing in the document.`);
  }
  return resolve(doc, node, seen);
}
