import { describe, expect, it } from 'vitest';
import type { StoredRequest } from '../../src/core/history/types.ts';
import {
  draftWithoutFiles,
  emptyState,
  missingFiles,
  partRow,
  readDraft,
  stateFromImport,
  row,
  stateFromStored,
  storedRequestOf,
  withUrl,
} from '../../src/ui/tools/rest-client/model.ts';

const stored: StoredRequest = {
  method: 'PATCH',
  url: '{{base}}/items?q={{term}}&x=1',
  headers: [
    { enabled: true, name: 'X-Key', value: '{{token}}' },
    { enabled: false, name: 'X-Off', value: 'no' },
  ],
  body: { kind: 'form', rows: [{ enabled: true, name: 'a', value: '{{v}}' }] },
  auth: { kind: 'apikey', name: 'X-Api', value: '{{key}}', in: 'query' },
};

describe('history round trip of the editor state', () => {
  it('stores the request as written and loads it back unchanged', () => {
    const state = stateFromStored(stored);
    expect(state.query.map((q) => [q.name, q.value])).toEqual([
      ['q', '{{term}}'],
      ['x', '1'],
    ]);
    expect(state.auth).toMatchObject({ kind: 'apikey', keyName: 'X-Api', keyValue: '{{key}}', keyIn: 'query' });
    expect(storedRequestOf(state)).toEqual(stored);
  });

  it('keeps only the chosen body and auth kinds', () => {
    let state = withUrl(emptyState(), 'https://x/');
    state = {
      ...state,
      method: 'POST',
      bodyKind: 'json',
      bodyText: '{"a":1}',
      formRows: [row('stale', 'row')],
      auth: { ...state.auth, kind: 'bearer', token: 't', user: 'left-over' },
    };
    expect(storedRequestOf(state)).toEqual({
      method: 'POST',
      url: 'https://x/',
      headers: [],
      body: { kind: 'json', text: '{"a":1}' },
      auth: { kind: 'bearer', token: 't' },
    });
  });

  it('keeps file names but not file bytes, and names the files to pick again', async () => {
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    const state = {
      ...emptyState(),
      method: 'POST',
      url: 'https://x/',
      bodyKind: 'multipart' as const,
      parts: [
        { ...partRow(), name: 'note', value: 'hi' },
        { ...partRow(), name: 'doc', kind: 'file' as const, file },
      ],
    };
    const saved = storedRequestOf(state);
    expect(saved.body).toEqual({
      kind: 'multipart',
      rows: [
        { kind: 'text', enabled: true, name: 'note', value: 'hi' },
        { kind: 'file', enabled: true, name: 'doc', fileName: 'a.txt' },
      ],
    });
    expect(missingFiles(saved)).toEqual(['a.txt']);
    const back = stateFromStored(saved);
    expect(back.parts.map((p) => [p.kind, p.name, p.file])).toEqual([
      ['text', 'note', null],
      ['file', 'doc', null],
    ]);
    // The bytes are read only for a send; the file-less draft has none.
    const read = await readDraft(state);
    expect(
      read.body.kind === 'multipart' && read.body.rows[1]?.kind === 'file' && read.body.rows[1].file?.bytes,
    ).toEqual(new TextEncoder().encode('hello'));
    const shape = draftWithoutFiles(state);
    expect(shape.body.kind === 'multipart' && shape.body.rows[1]).toMatchObject({ kind: 'file', file: null });
    expect(missingFiles({ ...saved, body: { kind: 'binary', fileName: '' } })).toEqual(['the body file']);
    expect(missingFiles(stored)).toEqual([]);
  });
});

describe('a request imported with multipart fields (captured by DevTools)', () => {
  it('becomes text parts and files made from their content, without the old Content-Type', async () => {
    const state = stateFromImport({
      request: { method: 'POST', url: 'http://x/upload', headers: [{ name: 'X-Id', value: '1' }] },
      notes: [],
      parts: [
        { name: 'title', value: 'Report' },
        { name: 'file', value: 'hello, file', fileName: 'report.txt', contentType: 'text/plain' },
      ],
    });
    expect(state.bodyKind).toBe('multipart');
    expect(state.parts.map((p) => [p.kind, p.name, p.value, p.file?.name, p.file?.type])).toEqual([
      ['text', 'title', 'Report', undefined, undefined],
      ['file', 'file', '', 'report.txt', 'text/plain'],
    ]);
    expect(await state.parts[1]!.file!.text()).toBe('hello, file');
    expect(state.headers.map((h) => h.name)).toEqual(['X-Id']);
  });
});
