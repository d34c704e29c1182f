/**
 * The REST client editor's state and the plain functions that change it.
 * The URL is the source of truth for the query: the query rows are read from
 * it and written back into it (see src/core/http/query.ts).
 */
import {
  formEncode,
  type AuthDraft,
  type BodyDraft,
  type BodyKind,
  type FileData,
  type KeyValueRow,
  type RequestDraft,
} from '../../../core/http/compose.ts';
import type { StoredBody, StoredRequest } from '../../../core/history/types.ts';
import type { RestImport } from '../../../core/http/from-curl.ts';
import { COMMON_METHODS } from '../../../core/http/request.ts';
import { mergeQueryRows, parseQuery, writeQueryRows } from '../../../core/http/query.ts';

// Header rows, their bulk text and the common names are shared with the WebSocket tool's handshake headers.
import { headersToBulk, nextId, queryRow, row, type QueryRowState, type Row } from '../../components/header-rows.ts';
export {
  bulkToHeaders,
  COMMON_CONTENT_TYPES,
  COMMON_HEADER_NAMES,
  headersToBulk,
  nextId,
  row,
  type QueryRowState,
  type Row,
} from '../../components/header-rows.ts';
export interface PartRow extends KeyValueRow {
  id: number;
  kind: 'text' | 'file';
  /** The picked file, read only when the request is sent. */
  file: File | null;
}

/** The auth helper's kinds; `inherit` takes the auth of the saved request's folder or collection. */
export type AuthKind = AuthDraft['kind'] | 'inherit';

/** Every auth helper's fields, kept while the user switches between kinds. */
export interface AuthState {
  kind: AuthKind;
  user: string;
  password: string;
  token: string;
  keyName: string;
  keyValue: string;
  keyIn: 'header' | 'query';
}

export interface EditorState {
  method: string;
  /** The method menu is on "Custom…" and the method is typed. */
  customMethod: boolean;
  url: string;
  query: QueryRowState[];
  headers: Row[];
  /** Headers shown as `Name: value` lines instead of rows. */
  bulkHeaders: boolean;
  /** The bulk text as typed (rows are parsed from it on every edit). */
  bulkText: string;
  bodyKind: BodyKind;
  /** Shared by the JSON and text kinds, so switching between them keeps it. */
  bodyText: string;
  formRows: Row[];
  parts: PartRow[];
  binaryFile: File | null;
  auth: AuthState;
}

export const partRow = (): PartRow => ({ id: nextId(), enabled: true, name: '', value: '', kind: 'text', file: null });

export function emptyState(): EditorState {
  return {
    method: 'GET',
    customMethod: false,
    url: '',
    query: [],
    headers: [],
    bulkHeaders: false,
    bulkText: '',
    bodyKind: 'none',
    bodyText: '',
    formRows: [],
    parts: [],
    binaryFile: null,
    auth: { kind: 'none', user: '', password: '', token: '', keyName: '', keyValue: '', keyIn: 'header' },
  };
}

export const isCommonMethod = (method: string) => (COMMON_METHODS as readonly string[]).includes(method);

/** The URL text changed: the query rows follow it. */
export function withUrl(state: EditorState, url: string): EditorState {
  return { ...state, url, query: mergeQueryRows(state.query, url, queryRow) };
}

/** The query rows changed: the URL follows them. */
export function withQuery(state: EditorState, query: QueryRowState[]): EditorState {
  return { ...state, query, url: writeQueryRows(state.url, query) };
}

/** Decodes `a=1&b=x+y` into pairs only if encoding them again gives the same text byte for byte. */
function exactFormPairs(text: string): [string, string][] | null {
  if (text === '') return null;
  const pairs: [string, string][] = [];
  try {
    for (const item of text.split('&')) {
      const eq = item.indexOf('=');
      if (eq <= 0) return null;
      const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
      pairs.push([decode(item.slice(0, eq)), decode(item.slice(eq + 1))]);
    }
  } catch {
    return null;
  }
  return formEncode(pairs) === text ? pairs : null;
}

/**
 * A request opened from the converter, pasted as curl, or captured by
 * DevTools: header rows as imported (Content-Type included), the body in the
 * editor that shows it without changing a byte (JSON, form rows when they
 * encode back exactly, multipart fields, else text).
 */
export function stateFromImport(imported: RestImport): EditorState {
  const { request } = imported;
  const base = emptyState();
  const headers = request.headers.map((h) => row(h.name, h.value));
  const contentType = request.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  let bodyKind: BodyKind = 'none';
  let bodyText = '';
  let formRows: Row[] = [];
  const body = request.body;
  if (body !== undefined) {
    const pairs = /x-www-form-urlencoded/i.test(contentType) ? exactFormPairs(body) : null;
    if (pairs) {
      bodyKind = 'form';
      formRows = pairs.map(([name, value]) => row(name, value));
    } else {
      bodyKind = /[/+]json\b/i.test(contentType) ? 'json' : 'text';
      bodyText = body;
    }
  }
  // A multipart body comes as its fields: text fields, and files made from their content.
  const parts: PartRow[] = (imported.parts ?? []).map((part) => ({
    id: nextId(),
    enabled: true,
    name: part.name,
    value: part.fileName === undefined ? part.value : '',
    kind: part.fileName === undefined ? 'text' : 'file',
    file:
      part.fileName === undefined
        ? null
        : new File([part.value], part.fileName, part.contentType ? { type: part.contentType } : {}),
  }));
  return {
    ...base,
    method: request.method,
    customMethod: !isCommonMethod(request.method),
    url: request.url,
    query: parseQuery(request.url).map(queryRow),
    headers,
    bulkText: headersToBulk(headers),
    bodyKind: imported.parts ? 'multipart' : bodyKind,
    bodyText,
    formRows,
    parts,
  };
}

async function readFile(file: File): Promise<FileData> {
  return { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** The auth helper's settings for the kind chosen. */
export function authDraft(auth: AuthState): AuthDraft {
  switch (auth.kind) {
    // What `inherit` gives is filled in by whoever knows the request's collection (the editor store).
    case 'none':
    case 'inherit':
      return { kind: 'none' };
    case 'basic':
      return { kind: 'basic', user: auth.user, password: auth.password };
    case 'bearer':
      return { kind: 'bearer', token: auth.token };
    case 'apikey':
      return { kind: 'apikey', name: auth.keyName, value: auth.keyValue, in: auth.keyIn };
  }
}

/** What compose needs: the editor state with picked files read into bytes (only the files this body uses). */
export async function readDraft(state: EditorState): Promise<RequestDraft> {
  const draft = draftWithoutFiles(state);
  if (state.bodyKind === 'multipart') {
    draft.body = {
      kind: 'multipart',
      rows: await Promise.all(
        state.parts.map(async (p) =>
          p.kind === 'text'
            ? { enabled: p.enabled, name: p.name, value: p.value, kind: 'text' as const }
            : {
                enabled: p.enabled,
                name: p.name,
                value: '',
                kind: 'file' as const,
                file: p.enabled && p.file ? await readFile(p.file) : null,
              },
        ),
      ),
    };
  } else if (state.bodyKind === 'binary') {
    draft.body = { kind: 'binary', file: state.binaryFile ? await readFile(state.binaryFile) : null };
  }
  return draft;
}

/**
 * The editor's request as history keeps it: as written, `{{variables}}` and
 * all, with picked files reduced to their names (their bytes are not kept).
 * Only the chosen body kind and auth kind are kept.
 */
export function storedRequestOf(state: EditorState): StoredRequest {
  const rows = (list: readonly KeyValueRow[]): KeyValueRow[] =>
    list.map(({ enabled, name, value }) => ({ enabled, name, value }));
  const draft = draftWithoutFiles(state);
  let body: StoredBody;
  switch (draft.body.kind) {
    case 'form':
      body = { kind: 'form', rows: rows(draft.body.rows) };
      break;
    case 'multipart':
      body = {
        kind: 'multipart',
        rows: state.parts.map((p) =>
          p.kind === 'text'
            ? { kind: 'text', enabled: p.enabled, name: p.name, value: p.value }
            : { kind: 'file', enabled: p.enabled, name: p.name, fileName: p.file?.name ?? '' },
        ),
      };
      break;
    case 'binary':
      body = { kind: 'binary', fileName: state.binaryFile?.name ?? '' };
      break;
    default:
      // none, json and text are stored as the draft holds them.
      body = draft.body;
  }
  return { ...draft, headers: rows(draft.headers), body };
}

/**
 * A request from history (or a saved one) back in the editor; `inheritAuth`
 * sets the auth helper to inherit. File parts come back without their file:
 * the user picks it again.
 */
export function stateFromStored(request: StoredRequest, inheritAuth = false): EditorState {
  const base = emptyState();
  const headers = request.headers.map((h) => row(h.name, h.value, h.enabled));
  const auth: AuthState = { ...base.auth, kind: inheritAuth ? 'inherit' : request.auth.kind };
  // The fields are filled even when inheriting, so switching the helper back shows them.
  switch (request.auth.kind) {
    case 'basic':
      auth.user = request.auth.user;
      auth.password = request.auth.password;
      break;
    case 'bearer':
      auth.token = request.auth.token;
      break;
    case 'apikey':
      auth.keyName = request.auth.name;
      auth.keyValue = request.auth.value;
      auth.keyIn = request.auth.in;
      break;
    case 'none':
      break;
  }
  const { body } = request;
  return {
    ...base,
    method: request.method,
    customMethod: !isCommonMethod(request.method),
    url: request.url,
    query: parseQuery(request.url).map(queryRow),
    headers,
    bulkText: headersToBulk(headers),
    bodyKind: body.kind,
    bodyText: body.kind === 'json' || body.kind === 'text' ? body.text : '',
    formRows: body.kind === 'form' ? body.rows.map((r) => row(r.name, r.value, r.enabled)) : [],
    parts:
      body.kind === 'multipart'
        ? body.rows.map((p) => ({
            id: nextId(),
            enabled: p.enabled,
            name: p.name,
            value: p.kind === 'text' ? p.value : '',
            kind: p.kind,
            // A file whose content was imported with it is ready to send; others are chosen again.
            file:
              p.kind === 'file' && p.content !== undefined
                ? new File([p.content], p.fileName, p.contentType ? { type: p.contentType } : {})
                : null,
          }))
        : [],
    auth,
  };
}

/** The files a stored request needs that history could not keep, by name, for a person to read. */
export function missingFiles(request: StoredRequest): string[] {
  const { body } = request;
  if (body.kind === 'binary') return [body.fileName || 'the body file'];
  if (body.kind === 'multipart') {
    return body.rows
      .filter((p) => p.kind === 'file' && p.enabled && p.content === undefined)
      .map((p) => (p.kind === 'file' && p.fileName) || p.name);
  }
  return [];
}

/** The draft without reading any file (file parts empty): enough to find the variables a request uses. */
export function draftWithoutFiles(state: EditorState): RequestDraft {
  let body: BodyDraft;
  switch (state.bodyKind) {
    case 'none':
      body = { kind: 'none' };
      break;
    case 'json':
    case 'text':
      body = { kind: state.bodyKind, text: state.bodyText };
      break;
    case 'form':
      body = { kind: 'form', rows: state.formRows };
      break;
    case 'multipart':
      body = {
        kind: 'multipart',
        rows: state.parts.map((p) =>
          p.kind === 'text'
            ? { enabled: p.enabled, name: p.name, value: p.value, kind: 'text' as const }
            : { enabled: p.enabled, name: p.name, value: '', kind: 'file' as const, file: null },
        ),
      };
      break;
    case 'binary':
      body = { kind: 'binary', file: null };
      break;
  }
  return { method: state.method, url: state.url, headers: state.headers, body, auth: authDraft(state.auth) };
}
