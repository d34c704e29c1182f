import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import type { EnvironmentsState } from '../../src/core/env/state.ts';
import { withUrl, type EditorState } from '../../src/ui/tools/rest-client/model.ts';
import { createEditorStore, type RestSettings } from '../../src/ui/tools/rest-client/rest-editor-store.ts';
import { createHistoryStore } from '../../src/ui/tools/rest-client/rest-history-store.ts';
import { fakeHistory, fakeSender, response, settle, type FakeSender } from '../support/fake-services.ts';

const SECRET = 's3cret-token';

const variable = (key: string, value: string, secret = false) => ({ key, value, secret, enabled: true });

const devEnvironments: EnvironmentsState = {
  globals: [variable('path', 'items')],
  environments: [
    {
      id: 'dev',
      name: 'dev',
      variables: [variable('base', 'https://api.example.com'), variable('token', SECRET, true)],
    },
  ],
  activeId: 'dev',
};

function setup(
  options: { environments?: EnvironmentsState | null; sender?: FakeSender; settings?: Partial<RestSettings> } = {},
) {
  const history = fakeHistory();
  const historyStore = createHistoryStore(history);
  const sender = options.sender ?? fakeSender();
  const environments = signal<EnvironmentsState | null>(
    options.environments === undefined ? devEnvironments : options.environments,
  );
  const settings = signal<RestSettings>({
    timeoutMs: 30_000,
    saveResponseBodies: true,
    responseBodyCapKb: 64,
    ...options.settings,
  });
  let ids = 0;
  const store = createEditorStore({
    services: { sendRequest: sender.sendRequest, cancelRequest: sender.cancelRequest },
    history: historyStore,
    environments,
    settings,
    newId: () => `id-${++ids}`,
    now: () => 1_700_000_000_000,
  });
  return { store, history, historyStore, sender, environments, settings };
}

const withBearer = (state: EditorState, token: string): EditorState => ({
  ...state,
  auth: { ...state.auth, kind: 'bearer', token },
});

describe('sending', () => {
  it('resolves variables, sends, shows the response and records the request as written, secrets left out', async () => {
    const sender = fakeSender((request) => response({ url: request.url, body: `{"echo":"Bearer ${SECRET}"}` }));
    const { store, history, historyStore } = setup({ sender });
    store.update((s) => withBearer(withUrl(s, '{{base}}/{{path}}?q=1'), '{{token}}'));
    await store.send();

    expect(sender.sent).toHaveLength(1);
    const sent = sender.sent[0]!;
    expect(sent.request.url).toBe('https://api.example.com/items?q=1');
    expect(sent.request.headers).toContainEqual({ name: 'Authorization', value: `Bearer ${SECRET}` });
    expect(sent.options).toEqual({ timeoutMs: 30_000, followRedirects: false, sendCookies: false });
    const outcome = store.outcome.value;
    expect(outcome.state).toBe('done');
    expect(outcome.state === 'done' && outcome.response.status).toBe(200);
    expect(outcome.state === 'done' && outcome.request.id).toBe(sent.request.id);
    expect(store.sending.value).toBe(false);
    expect(store.problem.value).toBeNull();

    await settle();
    const { entries } = await history.exportAll();
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry!.request.url).toBe('{{base}}/{{path}}?q=1');
    expect(entry!.request.auth).toEqual({ kind: 'bearer', token: '{{token}}' });
    expect(entry!.environmentName).toBe('dev');
    expect(entry!.response?.status).toBe(200);
    // The echoed secret is redacted from the saved body; the history highlights the new entry.
    expect(JSON.stringify(entry)).not.toContain(SECRET);
    expect(historyStore.currentId.value).toBe(entry!.id);
  });

  it('sends with the current settings and options', async () => {
    const sender = fakeSender(() => response());
    const { store, settings } = setup({ sender });
    store.update((s) => withUrl(s, 'https://api.example.com/'));
    settings.value = { ...settings.value, timeoutMs: 5_000 };
    store.setSendSettings({ followRedirects: true, sendCookies: true, asPage: false });
    await store.send();
    expect(sender.sent[0]!.options).toEqual({ timeoutMs: 5_000, followRedirects: true, sendCookies: true });
  });

  it('an undefined variable stops the send with a message naming it and where it is used', async () => {
    const { store, sender, history } = setup({ environments: null });
    store.update((s) => ({
      ...withUrl(s, '{{base}}/items'),
      headers: [{ id: 1, enabled: true, name: 'X-Key', value: '{{key}}' }],
    }));
    await store.send();
    expect(sender.sent).toHaveLength(0);
    expect(store.problem.value).toEqual({
      field: 'url',
      message:
        'Not sent: these variables are not defined: {{base}} (URL), {{key}} (headers). Define them in Globals or an environment.',
    });
    expect(store.outcome.value).toEqual({ state: 'idle' });
    expect(store.inFlight()).toBe(false);
    await settle();
    expect((await history.exportAll()).entries).toHaveLength(0);
  });

  it('names the active environment when a variable is missing from it', async () => {
    const { store, sender } = setup();
    store.update((s) => withUrl(s, '{{base}}/{{missing}}'));
    await store.send();
    expect(sender.sent).toHaveLength(0);
    expect(store.problem.value?.message).toBe(
      'Not sent: this variable is not defined: {{missing}} (URL). Define it in the "dev" environment or Globals.',
    );
  });

  it('a failed send shows the failure and is recorded with its error', async () => {
    const { store, sender, history } = setup();
    store.update((s) => withUrl(s, 'https://down.example.com/'));
    const sending = store.send();
    await settle();
    sender.sent[0]!.fail(new Error('Connection refused'));
    await sending;
    expect(store.outcome.value).toMatchObject({ state: 'failed', message: 'Connection refused' });
    await settle();
    const { entries } = await history.exportAll();
    expect(entries.map((e) => [e.request.url, e.error])).toEqual([['https://down.example.com/', 'Connection refused']]);
  });

  it('sends one request at a time, keeping the last response on screen while the next one is on its way', async () => {
    const { store, sender } = setup();
    store.update((s) => withUrl(s, 'https://api.example.com/a'));
    const first = store.send();
    await settle();
    sender.sent[0]!.reply(response({ status: 201 }));
    await first;

    const second = store.send();
    void store.send(); // ignored: one is in flight
    await settle();
    expect(sender.sent).toHaveLength(2);
    // A quick answer would replace the response on screen in place: it is shown as waiting only after a while.
    expect(store.outcome.value).toMatchObject({ state: 'done', response: { status: 201 } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const waiting = store.outcome.value;
    expect(waiting.state).toBe('sending');
    expect(waiting.state === 'sending' && waiting.previous?.response.status).toBe(201);
    expect(store.sending.value).toBe(true);
    sender.sent[1]!.reply(response({ status: 202 }));
    await second;
    expect(store.outcome.value).toMatchObject({ state: 'done', response: { status: 202 } });
  });
});

describe('the browser’s report of the exchange', () => {
  it('shows the response at once as pending, then fills in the wire headers when the report arrives', async () => {
    const { store, sender } = setup();
    store.update((s) => withUrl(s, 'https://api.example.com/report'));
    const sending = store.send();
    await settle();
    sender.sent[0]!.reply(response({ status: 200, requestHeadersSource: 'pending' }));
    await sending;
    expect(store.outcome.value).toMatchObject({ state: 'done', response: { requestHeadersSource: 'pending' } });
    sender.sent[0]!.report!({
      requestHeaders: [{ name: 'User-Agent', value: 'wire/1' }],
      headers: [{ name: 'Set-Cookie', value: 'a=1' }],
      notices: [],
    });
    expect(store.outcome.value).toMatchObject({
      state: 'done',
      response: {
        requestHeadersSource: 'wire',
        requestHeaders: [{ name: 'User-Agent', value: 'wire/1' }],
        headers: [{ name: 'Set-Cookie', value: 'a=1' }],
      },
    });
  });

  it('a report for a request no longer shown changes nothing', async () => {
    const { store, sender } = setup();
    store.update((s) => withUrl(s, 'https://api.example.com/one'));
    const first = store.send();
    await settle();
    sender.sent[0]!.reply(response({ status: 200, requestHeadersSource: 'pending' }));
    await first;
    const second = store.send();
    await settle();
    sender.sent[1]!.reply(response({ status: 204, requestHeadersSource: 'pending' }));
    await second;
    sender.sent[0]!.report!({ requestHeaders: [{ name: 'X-Old', value: '1' }], notices: [] });
    expect(store.outcome.value).toMatchObject({
      state: 'done',
      response: { status: 204, requestHeadersSource: 'pending' },
    });
  });
});

describe('cancelling', () => {
  it('stops waiting at once, tells the background, and ignores the reply that comes later', async () => {
    const { store, sender, history } = setup();
    store.update((s) => withUrl(s, 'https://slow.example.com/'));
    const sending = store.send();
    await settle();
    expect(store.inFlight()).toBe(true);
    const { request } = sender.sent[0]!;

    store.cancel();
    expect(store.outcome.value).toEqual({ state: 'cancelled', request });
    expect(store.inFlight()).toBe(false);
    await settle();
    expect(sender.cancelled).toEqual([request.id]);

    sender.sent[0]!.reply(response());
    await sending;
    await settle();
    expect(store.outcome.value.state).toBe('cancelled');
    expect((await history.exportAll()).entries).toHaveLength(0);

    // The next send goes out.
    const again = store.send();
    await settle();
    expect(sender.sent).toHaveLength(2);
    sender.sent[1]!.reply(response());
    await again;
    expect(store.outcome.value.state).toBe('done');
  });

  it('does nothing when nothing is in flight', () => {
    const { store, sender } = setup();
    store.cancel();
    expect(store.outcome.value).toEqual({ state: 'idle' });
    expect(sender.cancelled).toEqual([]);
  });
});

describe('history entries in the editor', () => {
  it('opens an entry with its saved response, and replays it with the current variable values', async () => {
    const sender = fakeSender((request) => response({ url: request.url, status: 200 }));
    const { store, history, historyStore, environments } = setup({ sender });
    store.update((s) => ({ ...withUrl(s, '{{base}}/items'), method: 'POST', bodyKind: 'json', bodyText: '{"a":1}' }));
    await store.send();
    await settle();
    const [entry] = (await history.exportAll()).entries;

    store.update((s) => withUrl(s, 'https://elsewhere.example.com/'));
    await store.open(entry!.id, false);
    expect(store.editor.value.url).toBe('{{base}}/items');
    expect(store.editor.value.method).toBe('POST');
    expect(store.part.value).toBe('body');
    expect(store.outcome.value).toMatchObject({ state: 'saved', response: { status: 200 } });
    expect(historyStore.currentId.value).toBe(entry!.id);
    expect(sender.sent).toHaveLength(1);

    environments.value = {
      ...devEnvironments,
      environments: [{ id: 'dev', name: 'dev', variables: [variable('base', 'https://v2.example.com')] }],
    };
    await store.open(entry!.id, true);
    expect(sender.sent.map((s) => s.request.url)).toEqual([
      'https://api.example.com/items',
      'https://v2.example.com/items',
    ]);
    expect(store.outcome.value.state).toBe('done');
  });

  it('a missing entry leaves the editor alone and says so in the history notices', async () => {
    const { store, historyStore } = setup();
    store.update((s) => withUrl(s, 'https://kept.example.com/'));
    await store.open('gone', false);
    expect(store.editor.value.url).toBe('https://kept.example.com/');
    expect(historyStore.notices.value).toEqual(['That history entry is gone or could not be read.']);
  });
});

describe('loading requests', () => {
  it('imports a pasted curl command and shows its body', async () => {
    const { store } = setup();
    await store.importCurl(`curl -X PUT https://api.example.com/items/1 -H 'X-Trace: 1' -d 'name=a'`);
    expect(store.editor.value.method).toBe('PUT');
    expect(store.editor.value.url).toBe('https://api.example.com/items/1');
    expect(store.editor.value.headers.map((h) => [h.name, h.value])).toContainEqual(['X-Trace', '1']);
    expect(store.part.value).toBe('body');
    expect(store.problem.value).toBeNull();
  });

  it('says why a paste could not be imported', async () => {
    const { store } = setup();
    await store.importCurl(`curl 'https://unclosed`);
    expect(store.problem.value?.field).toBe('url');
    expect(store.problem.value?.message).toMatch(/^Could not import the curl command: /);
  });
});
