/**
 * Every import format behind one entry: `importCollections(text)` recognises
 * the file (Postman v2.0/v2.1, Insomnia v4, Hoppscotch, HAR, the project's
 * own export) and reads it. Also the project's own export and HAR's request
 * list.
 */
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { importFromHar } from '../capture/har.ts';
import type { HarEntryLike } from '../capture/types.ts';
import type { RestImport } from '../http/from-curl.ts';
import type { StoredBody, StoredPart, StoredRequest } from '../history/types.ts';
import { validateAuth, validateStoredRequest } from '../history/model.ts';
import { importHoppscotch, isHoppscotchExport } from './hoppscotch.ts';
import { SecretSink, isObject, list, rawBody, secretHeaders, text, type Raw } from './import-common.ts';
import { importInsomnia, isInsomniaExport } from './insomnia.ts';
import { importOpenApi, looksLikeOpenApiYaml } from './openapi.ts';
import { importPostman, isPostmanCollection } from './postman.ts';
import type { CollectionVariable, ImportResult, InheritableAuth, PortableCollection, PortableItem } from './types.ts';

import { NATIVE_FORMAT, NATIVE_VERSION } from './native.ts';

export { exportNative, NATIVE_FORMAT, NATIVE_VERSION } from './native.ts';

/** An import that failed: the message says what is wrong and where (line and column for bad JSON). */
export class ImportError extends Error {
  override name = 'ImportError';
}

/** Line and column (1-based) of a character offset. */
function position(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Parses JSON, or throws an ImportError naming the line and column of the problem. */
export function parseJson(source: string): unknown {
  try {
    return JSON.parse(source) as unknown;
  } catch (error) {
    // The engine's message rarely says where; a tolerant parser finds the first problem's offset.
    const errors: ParseError[] = [];
    parse(source, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    if (!first) throw new ImportError(`The file is not valid JSON: ${(error as Error).message}`);
    const { line, column } = position(source, first.offset);
    const reason = printParseErrorCode(first.error)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase();
    throw new ImportError(`The file is not valid JSON at line ${line}, column ${column}: ${reason}.`);
  }
}

/**
 * Reads an export of any supported tool. Throws an ImportError when the text
 * is not JSON, or not a format this reads (saying which ones are).
 */
export function importCollections(source: string): ImportResult {
  if (source.trim() === '') throw new ImportError('The file is empty.');
  if (looksLikeOpenApiYaml(source)) return importOpenApi(source);
  const json = parseJson(source);
  try {
    if (isObject(json) && json.format === NATIVE_FORMAT) return importNative(json);
    if (isPostmanCollection(json)) return importPostman(json);
    if (isInsomniaExport(json)) return importInsomnia(json);
    if (isHoppscotchExport(json)) return importHoppscotch(json);
    if (isObject(json) && isObject(json.log) && Array.isArray(json.log.entries)) return importHar(json);
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError((error as Error).message);
  }
  if (isObject(json) && (json.openapi !== undefined || json.swagger !== undefined)) return importOpenApi(source);
  throw new ImportError(
    'This file is not a format that can be imported: expected a Postman Collection (v2.0 or v2.1), an Insomnia export (v4), a Hoppscotch collection, an OpenAPI document (2.0 or 3.x), a HAR file or an HTTP Workbench collection.',
  );
}

// ---------------------------------------------------------------- HAR

/** The StoredRequest for a request another part of the workspace built (a HAR entry's resend, an OpenAPI operation). */
export function requestFromImport(imported: RestImport, sink: SecretSink): { request: StoredRequest; notes: string[] } {
  const headers = secretHeaders(
    imported.request.headers.map((h) => ({ enabled: true, name: h.name, value: h.value })),
    sink,
  );
  let body: StoredBody;
  if (imported.parts) {
    const rows: StoredPart[] = imported.parts.map((p): StoredPart => {
      if (p.fileName === undefined) return { kind: 'text', enabled: true, name: p.name, value: p.value };
      const file = { kind: 'file' as const, enabled: true, name: p.name, fileName: p.fileName };
      if (!p.inline) return file;
      return { ...file, content: p.value, ...(p.contentType ? { contentType: p.contentType } : {}) };
    });
    body = { kind: 'multipart', rows };
  } else {
    const type = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
    body = rawBody(imported.request.body ?? '', type);
  }
  const notes = [...imported.notes];
  if (imported.parts?.some((p) => p.fileName !== undefined && !p.inline)) {
    notes.push('File fields keep only their names: choose the files again before sending.');
  }
  return {
    request: { method: imported.request.method, url: imported.request.url, headers, body, auth: { kind: 'none' } },
    notes,
  };
}

/** The StoredRequest for what "Edit and resend" would load from a HAR entry. */
const requestFromHar = (entry: HarEntryLike, sink: SecretSink) => requestFromImport(importFromHar(entry), sink);

/** HAR 1.2 (`log.entries`): one collection holding each request in order, named by method and path. */
export function importHar(json: Raw): ImportResult {
  const log = json.log as Raw;
  const notes: string[] = [];
  const variables: CollectionVariable[] = [];
  const sink = new SecretSink(variables);
  const items: PortableItem[] = [];
  list(log.entries).forEach((raw, i) => {
    if (!isObject(raw) || !isObject(raw.request) || typeof raw.request.url !== 'string') {
      notes.push(`Entry ${i + 1} has no request and was not imported.`);
      return;
    }
    const entry = raw as unknown as HarEntryLike;
    const entryWithHeaders = {
      ...entry,
      request: {
        ...entry.request,
        headers: list(entry.request.headers) as HarEntryLike['request']['headers'],
        method: text(entry.request.method) || 'GET',
      },
    };
    const { request, notes: own } = requestFromHar(entryWithHeaders, sink);
    let path = request.url;
    try {
      const url = new URL(request.url);
      path = url.pathname + url.search;
    } catch {
      // Kept as the whole URL.
    }
    const name = `${request.method} ${path}`.slice(0, 200);
    for (const note of own) notes.push(`Entry ${i + 1} (${name}): ${note}`);
    items.push({ type: 'request', name, request, inheritAuth: false, variables: [] });
  });
  const creator = isObject(log.creator) ? text(log.creator.name) : '';
  return {
    format: 'HAR',
    collections: [{ name: creator ? `HAR from ${creator}` : 'HAR import', variables, auth: null, items }],
    notes,
  };
}

// ---------------------------------------------------------------- the project's own format

function readVariablesStrict(raw: unknown, where: string): CollectionVariable[] {
  return list(raw).map((v, i) => {
    if (
      !isObject(v) ||
      typeof v.key !== 'string' ||
      typeof v.value !== 'string' ||
      typeof v.secret !== 'boolean' ||
      typeof v.enabled !== 'boolean'
    ) {
      throw new ImportError(`${where}: variable ${i + 1} is not a variable (key, value, secret, enabled).`);
    }
    return { key: v.key, value: v.value, secret: v.secret, enabled: v.enabled };
  });
}

function readAuthStrict(raw: unknown, where: string): InheritableAuth {
  if (raw === null || raw === undefined) return null;
  const result = validateAuth(raw, `${where}.auth`);
  if (!result.ok) throw new ImportError(`${where}: ${result.reason}.`);
  return result.auth;
}

function readItemsStrict(raw: unknown, where: string, depth: number): PortableItem[] {
  if (depth > 64) throw new ImportError(`${where}: folders nest too deep.`);
  return list(raw).map((item, i): PortableItem => {
    const at = `${where} / item ${i + 1}`;
    if (!isObject(item) || typeof item.name !== 'string') throw new ImportError(`${at} has no name.`);
    if (item.type === 'folder') {
      return {
        type: 'folder',
        name: item.name,
        variables: readVariablesStrict(item.variables, at),
        auth: readAuthStrict(item.auth, at),
        items: readItemsStrict(item.items, `${where} / ${item.name}`, depth + 1),
      };
    }
    if (item.type !== 'request') throw new ImportError(`${at} is neither a folder nor a request.`);
    const request = validateStoredRequest(item.request, 'request');
    if (!request.ok) throw new ImportError(`${at} ("${item.name}"): ${request.reason}.`);
    return {
      type: 'request',
      name: item.name,
      request: request.request,
      inheritAuth: item.inheritAuth === true,
      variables: readVariablesStrict(item.variables, at),
    };
  });
}

/** The project's own collection file, validated as strictly as storage. */
export function importNative(json: Raw): ImportResult {
  if (json.version !== NATIVE_VERSION) {
    throw new ImportError(
      `This HTTP Workbench collection file is version ${String(json.version)}; this version reads version ${NATIVE_VERSION}.`,
    );
  }
  const collections = list(json.collections).map((c, i): PortableCollection => {
    if (!isObject(c) || typeof c.name !== 'string') throw new ImportError(`Collection ${i + 1} has no name.`);
    return {
      name: c.name,
      variables: readVariablesStrict(c.variables, `collection "${c.name}"`),
      auth: readAuthStrict(c.auth, `collection "${c.name}"`),
      items: readItemsStrict(c.items, c.name, 0),
    };
  });
  return { format: 'HTTP Workbench collection', collections, notes: [] };
}

