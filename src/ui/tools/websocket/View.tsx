import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { describeCloseCode, type HandshakeReport } from '../../../core/websocket/connection.ts';
import type { MessageFormat } from '../../../core/websocket/history.ts';
import { HeaderRowsEditor } from '../../components/HeaderRowsEditor.tsx';
import { QueryRowsEditor } from '../../components/QueryRowsEditor.tsx';
import { useServices } from '../../services.ts';
import type { ToolViewProps } from '../types.ts';
import type { ComposerFormat, ConnectionStore } from './connection-store.ts';
import { MessageLog } from './MessageLog.tsx';
import { createWebSocketStore, type WebSocketStore } from './websocket-store.ts';
import './websocket.css';

const FORMATS: { id: ComposerFormat; label: string }[] = [
  { id: 'text', label: 'Text' },
  { id: 'json', label: 'JSON' },
  { id: 'hex', label: 'Binary (hex)' },
  { id: 'file', label: 'Binary (file)' },
];

/** WebSocket and Server-Sent Events: connection tabs, each with its form, handshake, composer and log. */
export default function WebSocketView({ active, params }: ToolViewProps) {
  const services = useServices();
  const store = useMemo(
    () =>
      createWebSocketStore({
        sockets: services.sockets,
        socketData: services.socketData,
        environments: services.environments,
        now: () => Date.now(),
        schedule: (flush) => requestAnimationFrame(flush),
        setTimer: (fn, ms) => setTimeout(fn, ms),
        clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        newId: () => crypto.randomUUID(),
      }),
    [services],
  );
  useEffect(() => {
    void store.start();
    return () => store.dispose();
  }, [store]);

  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (active && params.focus === 'url') root.current?.querySelector<HTMLElement>('input[aria-label="URL"]')?.focus();
  }, [active, params.focus]);

  const tab = store.current.value;
  const copy = (text: string) => {
    services.copyText(text).then(
      () => (store.notice.value = 'Copied.'),
      (error: unknown) => (store.notice.value = `Could not copy: ${(error as Error).message}`),
    );
  };

  return (
    <div class="ws-tool" data-tool="websocket" ref={root}>
      <Tabs store={store} />
      {store.notice.value && (
        <p class="notice ws-notice" role="status">
          {store.notice.value}{' '}
          <button type="button" class="secondary small" onClick={() => (store.notice.value = null)}>
            Dismiss
          </button>
        </p>
      )}
      <div class="ws-body" id={`ws-panel-${tab.id}`} role="tabpanel" aria-labelledby={`ws-tab-${tab.id}`}>
        <div class="ws-side">
          <ConnectionForm tab={tab} environment={store.environmentName.value} />
          <Handshake tab={tab} />
          <History store={store} />
        </div>
        <div class="ws-main">
          {tab.mode.value === 'websocket' && <Composer tab={tab} store={store} />}
          <LogToolbar
            tab={tab}
            onExport={() => {
              const { name, text } = tab.exportMessages();
              services.downloadFile(name, 'application/json', text).catch((error: unknown) => {
                store.notice.value = `The log was not exported: ${(error as Error).message}`;
              });
            }}
          />
          <MessageLog tab={tab} onCopy={copy} />
        </div>
      </div>
    </div>
  );
}

function Tabs({ store }: { store: WebSocketStore }) {
  const tabs = store.tabs.value;
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const to =
      e.key === 'ArrowRight'
        ? index + 1
        : e.key === 'ArrowLeft'
          ? index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length]!;
    store.activeId.value = next.id;
    document.getElementById(`ws-tab-${next.id}`)?.focus();
  };
  return (
    <div class="ws-tabs">
      <div role="tablist" aria-label="Connections" class="ws-tablist">
        {tabs.map((t, index) => {
          const selected = t.id === store.current.value.id;
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              class={`ws-tab${selected ? ' ws-tab-selected' : ''}`}
              id={`ws-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={selected ? `ws-panel-${t.id}` : undefined}
              tabIndex={selected ? 0 : -1}
              title="Delete closes this connection"
              onClick={() => (store.activeId.value = t.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              <span class={`ws-dot ws-dot-${t.status.value}`} aria-hidden="true" />
              {t.title.value}
              <span class="vh"> ({t.status.value})</span>
            </button>
          );
        })}
      </div>
      <button type="button" class="secondary small" onClick={() => store.addTab()}>
        New connection
      </button>
      <button type="button" class="secondary small" onClick={() => store.closeTab(store.current.value.id)}>
        Close connection
      </button>
    </div>
  );
}

function statusText(tab: ConnectionStore): string {
  const status = tab.status.value;
  if (status === 'open') {
    if (tab.mode.value === 'sse') return 'Open: receiving events';
    return tab.negotiated.value ? `Open, protocol ${tab.negotiated.value}` : 'Open';
  }
  if (status === 'closed') {
    const info = tab.closeInfo.value;
    if (!info) return 'Closed';
    if (tab.mode.value === 'sse') return info.explanation ? 'Failed' : 'Closed';
    return `Closed: ${describeCloseCode(info.code)}${info.reason ? `, “${info.reason}”` : ''}`;
  }
  if (status === 'idle') return 'Not connected';
  return status === 'connecting' ? 'Connecting…' : 'Closing…';
}

function ConnectionForm({ tab, environment }: { tab: ConnectionStore; environment: string | null }) {
  const busy = tab.active.value;
  const sse = tab.mode.value === 'sse';
  const problem = tab.problem.value;
  const reconnect = tab.reconnectState.value;
  return (
    <section class="ws-form" aria-label="Connection">
      <form
        class="ws-url-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (busy) tab.disconnect();
          else tab.connect();
        }}
      >
        <select
          aria-label="Kind"
          value={tab.mode.value}
          disabled={busy}
          onChange={(e) => (tab.mode.value = e.currentTarget.value === 'sse' ? 'sse' : 'websocket')}
        >
          <option value="websocket">WebSocket</option>
          <option value="sse">SSE</option>
        </select>
        {sse && (
          <select
            aria-label="Method"
            value={tab.method.value}
            disabled={busy}
            onChange={(e) => (tab.method.value = e.currentTarget.value)}
          >
            {['GET', 'POST', 'PUT', 'PATCH'].map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        )}
        <input
          type="text"
          class="ws-url"
          aria-label="URL"
          spellcheck={false}
          autoComplete="off"
          placeholder={sse ? 'https://example.com/events' : 'wss://example.com/socket'}
          value={tab.url.value}
          aria-invalid={problem?.field === 'url'}
          onInput={(e) => tab.setUrl(e.currentTarget.value)}
        />
        {busy ? (
          <button type="submit" class="primary">
            Disconnect
          </button>
        ) : (
          <button type="submit" class="primary">
            Connect
          </button>
        )}
      </form>
      <p class={`ws-state ws-state-${tab.status.value}`} role="status" aria-label="Connection state">
        {statusText(tab)}
        {reconnect && ` · reconnecting in ${(reconnect.inMs / 1000).toFixed(1)} s (attempt ${reconnect.attempt})`}
      </p>
      {!sse && busy && (
        <div class="ws-fields ws-close-fields">
          <label class="stacked">
            <span>Close code</span>
            <input
              type="text"
              inputMode="numeric"
              class="kv-input"
              value={tab.closeCode.value}
              aria-invalid={problem?.field === 'close'}
              onInput={(e) => (tab.closeCode.value = e.currentTarget.value)}
            />
          </label>
          <label class="stacked">
            <span>Close reason</span>
            <input
              type="text"
              class="kv-input"
              value={tab.closeReason.value}
              onInput={(e) => (tab.closeReason.value = e.currentTarget.value)}
            />
          </label>
        </div>
      )}
      {tab.closeInfo.value?.explanation && (
        <p class="ws-explanation" role="alert">
          {tab.closeInfo.value.explanation}
        </p>
      )}
      {problem && (
        <p class="ws-problem" role="alert">
          {problem.message}
        </p>
      )}
      {tab.notices.value.length > 0 && (
        <ul class="ws-notices" aria-label="Notices">
          {tab.notices.value.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      <p class="meta">
        {environment ? (
          <>
            Variables like <code>{'{{token}}'}</code> come from the environment <b>{environment}</b> and the globals.
          </>
        ) : (
          <>
            Variables like <code>{'{{token}}'}</code> come from the globals (choose an environment in the REST client).
          </>
        )}
      </p>
      <details class="ws-section">
        <summary>Query parameters ({tab.query.value.length})</summary>
        <QueryRowsEditor rows={tab.query.value} onChange={(rows) => tab.setQuery(rows)} />
      </details>
      <details class="ws-section" open>
        <summary>Handshake headers</summary>
        <HeaderRowsEditor
          rows={tab.headers.value.rows}
          bulk={tab.headers.value.bulk}
          bulkText={tab.headers.value.bulkText}
          onChange={(next) => (tab.headers.value = next)}
        />
        <div class="ws-fields">
          <label class="stacked">
            <span>Origin</span>
            <input
              type="text"
              class="kv-input"
              spellcheck={false}
              placeholder="the extension’s own"
              value={tab.origin.value}
              onInput={(e) => (tab.origin.value = e.currentTarget.value)}
            />
          </label>
          <label class="stacked">
            <span>User-Agent</span>
            <input
              type="text"
              class="kv-input"
              spellcheck={false}
              placeholder="the browser’s own"
              value={tab.userAgent.value}
              onInput={(e) => (tab.userAgent.value = e.currentTarget.value)}
            />
          </label>
          {!sse && (
            <label class="stacked">
              <span>Protocols</span>
              <input
                type="text"
                class="kv-input"
                spellcheck={false}
                placeholder="chat, json (comma separated)"
                value={tab.protocols.value}
                aria-invalid={problem?.field === 'protocols'}
                onInput={(e) => (tab.protocols.value = e.currentTarget.value)}
              />
            </label>
          )}
        </div>
        {sse && tab.method.value !== 'GET' && (
          <label class="stacked">
            <span>Request body</span>
            <textarea
              class="code-input"
              rows={4}
              spellcheck={false}
              value={tab.body.value}
              onInput={(e) => (tab.body.value = e.currentTarget.value)}
            />
          </label>
        )}
      </details>
      <details class="ws-section">
        <summary>Options</summary>
        <label class="ws-check">
          <input
            type="checkbox"
            checked={tab.reconnect.value}
            onChange={(e) => (tab.reconnect.value = e.currentTarget.checked)}
          />{' '}
          Reconnect automatically (back-off from 0.5 s to 30 s
          {sse ? '; the server’s retry: first, with Last-Event-ID' : ''})
        </label>
        {!sse && (
          <>
            <label class="ws-check">
              <input
                type="checkbox"
                checked={tab.keepAlive.value}
                onChange={(e) => (tab.keepAlive.value = e.currentTarget.checked)}
              />{' '}
              Keep-alive message
            </label>
            <div class="ws-fields">
              <label class="stacked">
                <span>Every (seconds)</span>
                <input
                  type="number"
                  min={1}
                  class="kv-input"
                  value={tab.keepAliveSeconds.value}
                  onInput={(e) => (tab.keepAliveSeconds.value = e.currentTarget.value)}
                />
              </label>
              <label class="stacked">
                <span>Keep-alive text</span>
                <input
                  type="text"
                  class="kv-input"
                  value={tab.keepAliveMessage.value}
                  onInput={(e) => (tab.keepAliveMessage.value = e.currentTarget.value)}
                />
              </label>
            </div>
          </>
        )}
      </details>
    </section>
  );
}

function HeaderList({ label, headers }: { label: string; headers: { name: string; value: string }[] }) {
  return (
    <dl class="ws-headers" aria-label={label}>
      {headers.map((h, i) => (
        <div key={i}>
          <dt>{h.name}:</dt> <dd>{h.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Handshake({ tab }: { tab: ConnectionStore }) {
  const report: HandshakeReport | null = tab.handshake.value;
  if (!report) return null;
  return (
    <details class="ws-section ws-handshake" open>
      <summary>{tab.mode.value === 'sse' ? 'Request and response' : 'Handshake'}</summary>
      <h3 class="ws-h">
        Request headers {tab.mode.value === 'websocket' && <span class="meta">(as the browser sent them)</span>}
      </h3>
      {report.requestHeaders ? (
        <HeaderList label="Request headers" headers={report.requestHeaders} />
      ) : (
        <p class="meta">Waiting for the browser’s report…</p>
      )}
      {report.statusLine !== undefined && (
        <>
          <h3 class="ws-h">Response</h3>
          <p class="ws-status-line" aria-label="Response status">
            <code>{report.statusLine}</code>
          </p>
          <HeaderList label="Response headers" headers={report.responseHeaders ?? []} />
        </>
      )}
      {report.error && <p class="ws-problem">Browser error: {report.error}</p>}
    </details>
  );
}

function Composer({ tab, store }: { tab: ConnectionStore; store: WebSocketStore }) {
  const format = tab.composerFormat.value;
  const [saveName, setSaveName] = useState('');
  const saved = store.saved.value;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      tab.send();
    }
  };
  return (
    <section class="ws-composer" aria-label="Message editor">
      <div class="ws-composer-bar">
        <span role="group" aria-label="Message format" class="ws-views">
          {FORMATS.map((f) => (
            <button
              key={f.id}
              type="button"
              class="secondary small"
              aria-pressed={format === f.id}
              onClick={() => (tab.composerFormat.value = f.id)}
            >
              {f.label}
            </button>
          ))}
        </span>
        {format === 'json' && (
          <button type="button" class="secondary small" onClick={() => tab.formatComposer()}>
            Format JSON
          </button>
        )}
      </div>
      {format === 'file' ? (
        <label class="stacked">
          <span>File to send as one binary message</span>
          <input
            type="file"
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0];
              if (!file) return;
              tab.composerFile.value = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
            }}
          />
          {tab.composerFile.value && (
            <span class="meta">
              {tab.composerFile.value.name}: {tab.composerFile.value.bytes.length} bytes
            </span>
          )}
        </label>
      ) : (
        <textarea
          class="code-input ws-message"
          aria-label="Message"
          rows={3}
          spellcheck={false}
          placeholder={format === 'hex' ? '48 65 6c 6c 6f  (Ctrl+Enter sends)' : 'Ctrl+Enter sends'}
          value={tab.composerText.value}
          aria-invalid={tab.composerProblem.value !== null}
          onInput={(e) => {
            tab.composerText.value = e.currentTarget.value;
            tab.composerProblem.value = null;
          }}
          onKeyDown={onKeyDown}
        />
      )}
      {tab.composerProblem.value && (
        <p class="ws-problem" role="alert">
          {tab.composerProblem.value}
        </p>
      )}
      <div class="ws-composer-bar">
        <button type="button" class="primary" onClick={() => tab.send()}>
          Send
        </button>
        {format !== 'file' && (
          <>
            <input
              type="text"
              class="kv-input ws-save-name"
              aria-label="Saved message name"
              placeholder="name (optional)"
              value={saveName}
              onInput={(e) => setSaveName(e.currentTarget.value)}
            />
            <button
              type="button"
              class="secondary small"
              onClick={() => {
                store.saveMessage(saveName, format as MessageFormat, tab.composerText.value);
                setSaveName('');
              }}
            >
              Save message
            </button>
          </>
        )}
      </div>
      {saved.length > 0 && (
        <ul class="ws-saved" aria-label="Saved messages">
          {saved.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                class="secondary small"
                title={m.text}
                onClick={() => tab.sendSaved(m.format, m.text)}
              >
                Send “{m.name}”
              </button>
              <button
                type="button"
                class="icon-button"
                aria-label={`Edit “${m.name}”`}
                title="Put it in the editor"
                onClick={() => {
                  tab.composerFormat.value = m.format;
                  tab.composerText.value = m.text;
                }}
              >
                ✎
              </button>
              <button
                type="button"
                class="icon-button"
                aria-label={`Delete “${m.name}”`}
                onClick={() => store.removeSaved(m.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LogToolbar({ tab, onExport }: { tab: ConnectionStore; onExport(): void }) {
  const filter = tab.filter.value;
  const count = tab.logVersion.value >= 0 ? tab.messages.length : 0;
  const shown = tab.visible.length;
  return (
    <div class="ws-log-bar">
      <select
        aria-label="Direction"
        value={filter.direction}
        onChange={(e) => tab.setFilter({ ...filter, direction: e.currentTarget.value as 'all' | 'in' | 'out' })}
      >
        <option value="all">All</option>
        <option value="out">Sent</option>
        <option value="in">Received</option>
      </select>
      <input
        type="search"
        class="kv-input ws-search"
        aria-label="Search messages"
        placeholder="Search"
        value={filter.query}
        onInput={(e) => tab.setFilter({ ...filter, query: e.currentTarget.value })}
      />
      <button
        type="button"
        class="secondary small"
        aria-pressed={tab.paused.value}
        onClick={() => (tab.paused.value = !tab.paused.value)}
      >
        Pause autoscroll
      </button>
      <button type="button" class="secondary small" onClick={() => tab.clear()}>
        Clear
      </button>
      <button type="button" class="secondary small" onClick={onExport} disabled={count === 0}>
        Export JSON
      </button>
      <span class="meta ws-count" aria-live="off">
        {shown === count ? `${count} messages` : `${shown} of ${count} messages`}
      </span>
    </div>
  );
}

function History({ store }: { store: WebSocketStore }) {
  const records = store.historyShown.value;
  const total = store.data.value.history.length;
  return (
    <details class="ws-section">
      <summary>History ({total})</summary>
      <div class="ws-log-bar">
        <input
          type="search"
          class="kv-input"
          aria-label="Search connections"
          placeholder="Search"
          value={store.historyQuery.value}
          onInput={(e) => (store.historyQuery.value = e.currentTarget.value)}
        />
        <button type="button" class="secondary small" disabled={total === 0} onClick={() => store.clearHistory()}>
          Clear history
        </button>
      </div>
      {records.length === 0 ? (
        <p class="meta">{total === 0 ? 'Connections you make are kept here.' : 'None matches.'}</p>
      ) : (
        <ul class="ws-history" aria-label="Connection history">
          {records.slice(0, 100).map((r) => (
            <li key={r.id}>
              <button type="button" class="ws-history-open" onClick={() => store.openRecord(r)}>
                <span class="ws-kind">{r.mode === 'sse' ? 'SSE' : 'WS'}</span>{' '}
                <span class="ws-history-url">{r.url}</span>
                <span class="meta">
                  {new Date(r.createdAt).toLocaleString()}
                  {r.outcome ? ` · ${r.outcome}` : ''}
                </span>
              </button>
              <button
                type="button"
                class="icon-button"
                aria-label={`Delete ${r.url}`}
                onClick={() => store.removeRecord(r.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
