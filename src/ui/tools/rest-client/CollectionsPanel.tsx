import { useEffect, useRef, useState } from 'preact/hooks';
import { useScrollViewport } from '../../scroll-viewport.ts';
import { scrollToShow } from './history-view.ts';
import { ScopeSettingsDialog } from './ScopeSettingsDialog.tsx';
import type { CollectionsStore, TreeRow } from './rest-collections-store.ts';
import './collections.css';

export interface CollectionsPanelProps {
  store: CollectionsStore;
  /** Opens a saved request in the editor. */
  onOpen(requestId: string, collectionId: string): void;
}

/** Every tree row has this height (CSS px; collections.css `.tree-row`), so only the rows in view are rendered. */
export const TREE_ROW_HEIGHT = 26;
/** Rows rendered above and below the visible ones. */
const TREE_OVERSCAN = 10;

const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * Saved requests: a toolbar (New collection, Import, and what can be done
 * with the selected row), the tree (ARIA tree: arrows move, Right/Left
 * expand and collapse, Enter opens, F2 renames, Delete deletes, Alt+Up/Down
 * reorder; rows can also be dragged onto a folder or before a request), the
 * import form, the undo line and the run results.
 */
export function CollectionsPanel({ store, onOpen }: CollectionsPanelProps) {
  const rows = store.rows.value;
  const loaded = store.collections.value !== null;
  const selectedId = store.selectedId.value;
  const selected = rows.find((r) => r.id === selectedId) ?? null;
  const treeRef = useRef<HTMLDivElement>(null);
  const { viewport, scrollTop, setScrollTop } = useScrollViewport(treeRef);
  const [focusId, setFocusId] = useState<string | null>(null);
  const pendingFocus = useRef(false);
  const marked = useRef(false);
  // When the collections first show, as a performance mark (read by the benchmarks).
  useEffect(() => {
    if (marked.current || !loaded) return;
    marked.current = true;
    const all = store.collections.peek() ?? [];
    performance.mark('collections-listed', { detail: { collections: all.length } });
  }, [loaded]);
  const dragged = useRef<string | null>(null);
  const [dropOn, setDropOn] = useState<string | null>(null);

  // The roving Tab stop: the focused row, else the selected one, else the first.
  const wanted = rows.some((r) => r.id === focusId) ? focusId : (selected?.id ?? rows[0]?.id ?? null);

  useEffect(() => {
    if (!pendingFocus.current || wanted === null) return;
    pendingFocus.current = false;
    treeRef.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(wanted)}"]`)?.focus();
  });

  const focusRow = (id: string) => {
    pendingFocus.current = true;
    setFocusId(id);
    store.select(id);
    // A row out of view (only the visible ones are rendered) is scrolled in first.
    const index = store.rows.peek().findIndex((r) => r.id === id);
    const scroller = treeRef.current;
    if (index >= 0 && scroller) {
      const top = scrollToShow(
        index * TREE_ROW_HEIGHT,
        (index + 1) * TREE_ROW_HEIGHT,
        scroller.scrollTop,
        scroller.clientHeight,
      );
      if (top !== scroller.scrollTop) {
        scroller.scrollTop = top;
        setScrollTop(top);
      }
    }
  };
  const first = Math.max(0, Math.floor(scrollTop / TREE_ROW_HEIGHT) - TREE_OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewport) / TREE_ROW_HEIGHT) + TREE_OVERSCAN);
  // The Tab stop must be in the page: when the focused row is scrolled away, the first rendered row holds it.
  const shown = rows.slice(first, last);
  const current = shown.some((r) => r.id === wanted) ? wanted : (shown[0]?.id ?? null);

  const activate = (row: TreeRow) => {
    if (row.kind === 'request') onOpen(row.id, row.collectionId);
    else store.toggle(row.id);
  };

  const onKey = (event: KeyboardEvent, row: TreeRow, index: number) => {
    if (store.renamingId.peek() === row.id) return;
    const go = (i: number) => {
      const target = rows[Math.max(0, Math.min(rows.length - 1, i))];
      if (target) focusRow(target.id);
    };
    const parentIndex = () => {
      for (let i = index - 1; i >= 0; i--) if (rows[i]!.level < row.level) return i;
      return -1;
    };
    let handled = true;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      if (row.kind !== 'collection') {
        pendingFocus.current = true;
        void store.shift(row.id, event.key === 'ArrowUp' ? -1 : 1);
      }
    } else {
      switch (event.key) {
        case 'ArrowDown':
          go(index + 1);
          break;
        case 'ArrowUp':
          go(index - 1);
          break;
        case 'Home':
          go(0);
          break;
        case 'End':
          go(rows.length - 1);
          break;
        case 'ArrowRight':
          if (row.kind !== 'request' && !row.expanded) store.setExpanded(row.id, true);
          else if (row.kind !== 'request' && rows[index + 1]?.level === row.level + 1) go(index + 1);
          break;
        case 'ArrowLeft':
          if (row.kind !== 'request' && row.expanded) store.setExpanded(row.id, false);
          else if (parentIndex() >= 0) go(parentIndex());
          break;
        case 'Enter':
        case ' ':
          activate(row);
          break;
        case 'F2':
          store.startRename(row.id);
          break;
        case 'Delete':
          void store.remove(row.id);
          break;
        default:
          handled = false;
      }
    }
    if (handled) event.preventDefault();
  };

  const run = store.run.value;
  const undo = store.undo.value;
  const notices = store.notices.value;
  const session = store.importSession.value;

  return (
    <section class="collections" aria-labelledby="collections-heading">
      <div class="collections-head">
        <h2 id="collections-heading">Collections</h2>
        <div class="collections-actions">
          <button
            type="button"
            class="secondary small"
            onClick={async () => {
              const made = await store.createCollection('New collection');
              if (made) {
                store.startRename(made.id);
                focusRow(made.id);
              }
            }}
          >
            New collection
          </button>
          <button
            type="button"
            class="secondary small"
            aria-expanded={session !== null}
            aria-controls={session ? 'collections-import' : undefined}
            onClick={() => (session ? store.closeImport() : store.openImport())}
          >
            Import
          </button>
        </div>
      </div>
      {session && <ImportForm store={store} />}
      {notices.length > 0 && (
        <div class="collections-notices" role="status">
          <ul>
            {notices.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
          <button type="button" class="secondary small" onClick={store.dismissNotices}>
            Dismiss
          </button>
        </div>
      )}
      {undo && (
        <p class="collections-undo" role="status">
          Deleted “{undo.label}”.{' '}
          <button type="button" class="secondary small" onClick={() => void store.undoRemove()}>
            Undo
          </button>
        </p>
      )}
      <input
        type="search"
        class="collections-search"
        aria-label="Search collections"
        placeholder="Search names, URLs, bodies"
        value={store.searchText.value}
        onInput={(e) => store.setSearch(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') store.clearSearch();
        }}
      />
      {selected && <SelectionTools store={store} row={selected} onOpen={onOpen} />}
      <div
        ref={treeRef}
        role="tree"
        aria-label="Collections"
        class="collections-tree"
        onDragOver={(e) => e.preventDefault()}
      >
        <div
          role="none"
          style={{
            paddingTop: `${first * TREE_ROW_HEIGHT}px`,
            paddingBottom: `${(rows.length - last) * TREE_ROW_HEIGHT}px`,
          }}
        >
          {shown.map((row, offset) => {
            const index = first + offset;
            return (
              <div
                key={row.id}
                role="treeitem"
                data-id={row.id}
                aria-level={row.level}
                aria-posinset={row.posinset}
                aria-setsize={row.setsize}
                aria-expanded={row.kind === 'request' ? undefined : row.expanded}
                aria-selected={row.id === selectedId}
                tabIndex={row.id === current ? 0 : -1}
                class={`tree-row kind-${row.kind}${row.id === selectedId ? ' selected' : ''}${row.match ? ' match' : ''}${dropOn === row.id ? ' drop-target' : ''}`}
                style={{ paddingLeft: `${6 + (row.level - 1) * 14}px` }}
                draggable={row.kind !== 'collection' && store.renamingId.value !== row.id}
                onClick={() => {
                  setFocusId(row.id);
                  store.select(row.id);
                }}
                onDblClick={() => activate(row)}
                onKeyDown={(e) => onKey(e, row, index)}
                onDragStart={(e) => {
                  dragged.current = row.id;
                  e.dataTransfer?.setData('text/plain', row.name);
                }}
                onDragOver={(e) => {
                  if (dragged.current && dragged.current !== row.id) {
                    e.preventDefault();
                    setDropOn(row.id);
                  }
                }}
                onDragLeave={() => setDropOn((id) => (id === row.id ? null : id))}
                onDrop={(e) => {
                  e.preventDefault();
                  setDropOn(null);
                  const id = dragged.current;
                  dragged.current = null;
                  if (id) void store.move(id, row.id);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                  setDropOn(null);
                }}
              >
                {row.kind !== 'request' && (
                  <span
                    class="tree-twisty"
                    aria-hidden="true"
                    onClick={(e) => {
                      e.stopPropagation();
                      store.toggle(row.id);
                    }}
                  >
                    {row.expanded ? '▾' : '▸'}
                  </span>
                )}
                {row.kind === 'request' && <span class="tree-method">{row.method}</span>}
                {store.renamingId.value === row.id ? (
                  <RenameField
                    name={row.name}
                    onDone={(name) => void store.rename(row.id, name).then(() => focusRow(row.id))}
                    onCancel={() => {
                      store.cancelRename();
                      focusRow(row.id);
                    }}
                  />
                ) : (
                  <span class="tree-name" title={row.url ?? row.name}>
                    {row.name}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {loaded && rows.length === 0 && (
        <p class="empty">
          {store.searching.value
            ? 'Nothing matches the search.'
            : 'No saved requests yet. Save one with Ctrl+S (⌘S), create a collection, or import one.'}
        </p>
      )}
      {run && <RunResults store={store} />}
      {store.settingsFor.value && <SettingsDialog store={store} />}
    </section>
  );
}

/** Inline rename: Enter keeps, Esc cancels. */
function RenameField({ name, onDone, onCancel }: { name: string; onDone(name: string): void; onCancel(): void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  return (
    <input
      ref={ref}
      class="tree-rename"
      aria-label="New name"
      defaultValue={name}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') {
          e.preventDefault();
          onDone(e.currentTarget.value);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
      onBlur={(e) => onDone(e.currentTarget.value)}
    />
  );
}

/** What can be done with the selected row. */
function SelectionTools({
  store,
  row,
  onOpen,
}: {
  store: CollectionsStore;
  row: TreeRow;
  onOpen: CollectionsPanelProps['onOpen'];
}) {
  const label = row.kind === 'collection' ? 'collection' : row.kind;
  return (
    <div class="collections-tools" role="group" aria-label={`Selected ${label}: ${row.name}`}>
      {row.kind === 'request' && (
        <button type="button" class="small" onClick={() => onOpen(row.id, row.collectionId)}>
          Open
        </button>
      )}
      {row.kind !== 'request' && (
        <button type="button" class="secondary small" onClick={() => void store.runNode(row.id)}>
          Run
        </button>
      )}
      {row.kind !== 'request' && (
        <button type="button" class="secondary small" onClick={() => void store.newFolder('New folder')}>
          New folder
        </button>
      )}
      {row.kind !== 'request' && (
        <button type="button" class="secondary small" onClick={() => store.openSettings(row.id)}>
          Variables and auth
        </button>
      )}
      <button type="button" class="secondary small" onClick={() => store.startRename(row.id)}>
        Rename
      </button>
      {row.kind !== 'collection' && (
        <>
          <button type="button" class="secondary small" onClick={() => void store.duplicate(row.id)}>
            Duplicate
          </button>
          <button
            type="button"
            class="secondary small"
            disabled={row.posinset === 1}
            onClick={() => void store.shift(row.id, -1)}
          >
            Move up
          </button>
          <button
            type="button"
            class="secondary small"
            disabled={row.posinset === row.setsize}
            onClick={() => void store.shift(row.id, 1)}
          >
            Move down
          </button>
        </>
      )}
      <button type="button" class="secondary small danger" onClick={() => void store.remove(row.id)}>
        Delete
      </button>
      {row.kind === 'collection' && (
        <div class="collections-export">
          <button type="button" class="secondary small" onClick={() => void store.exportCollection(row.id, 'postman')}>
            Export Postman v2.1
          </button>
          <button type="button" class="secondary small" onClick={() => void store.exportCollection(row.id, 'native')}>
            Export JSON
          </button>
          <label class="inline small">
            <input
              type="checkbox"
              checked={store.includeSecrets.value}
              onChange={(e) => store.setIncludeSecrets(e.currentTarget.checked)}
            />
            Include secret values
          </label>
        </div>
      )}
    </div>
  );
}

/** Import: choose a file (read at once) or paste an export; then what was imported and what was not. */
function ImportForm({ store }: { store: CollectionsStore }) {
  const session = store.importSession.value!;
  return (
    <div class="collections-import" id="collections-import" role="region" aria-label="Import collections">
      <p class="meta">
        Postman Collection v2.0/v2.1, Insomnia export v4, Hoppscotch collections, an OpenAPI document (YAML or JSON),
        HAR, or an HTTP Workbench export.
      </p>
      <label class="import-file">
        <span>Collection file</span>
        <input
          type="file"
          aria-label="Collection file"
          accept=".json,.har,application/json"
          disabled={session.busy}
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) await store.importText(await file.text());
          }}
        />
      </label>
      <textarea
        aria-label="Paste an export"
        placeholder="…or paste an export here"
        rows={3}
        spellcheck={false}
        value={session.text}
        onInput={(e) => store.setImportText(e.currentTarget.value)}
      />
      <div class="collections-actions">
        <button
          type="button"
          class="small"
          disabled={session.busy || session.text.trim() === ''}
          onClick={() => void store.importText(session.text)}
        >
          Import pasted text
        </button>
        <button type="button" class="secondary small" onClick={store.closeImport}>
          Close
        </button>
      </div>
      {session.error && (
        <p class="error" role="alert">
          {session.error}
        </p>
      )}
      {session.done && (
        <div role="status" class="import-done">
          <p>
            Imported {session.done.names.map((n) => `“${n}”`).join(', ')} from a {session.done.format} file.
          </p>
          {session.done.notes.length > 0 && (
            <details open>
              <summary>Not imported ({session.done.notes.length})</summary>
              <ul class="import-notes-list">
                {session.done.notes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </div>
  );
}

/** The run's requests with status, time and size as they come in. */
function RunResults({ store }: { store: CollectionsStore }) {
  const { title, progress } = store.run.value!;
  const running = progress.current >= 0;
  return (
    <div class="collections-run" role="region" aria-label={`Run of ${title}`}>
      <div class="collections-head">
        <h3>
          Run: {title}
          {progress.cancelled ? ' (stopped)' : running ? '…' : ''}
        </h3>
        {running ? (
          <button type="button" class="secondary small" onClick={store.stopRun}>
            Stop run
          </button>
        ) : (
          <button type="button" class="secondary small" onClick={store.closeRun}>
            Close run
          </button>
        )}
      </div>
      {progress.steps.length === 0 ? (
        <p class="empty">No requests to run.</p>
      ) : (
        <table class="run-table">
          <thead>
            <tr>
              <th scope="col">Request</th>
              <th scope="col">Status</th>
              <th scope="col">Time</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {progress.steps.map((step, i) => {
              const r = progress.results[i]!;
              return (
                <tr key={step.id} class={`run-${r.state}`}>
                  <th scope="row">
                    <span class="tree-method">{step.method}</span> {step.name}
                  </th>
                  {r.state === 'done' ? (
                    <>
                      <td>
                        {r.status} {r.statusText}
                      </td>
                      <td>{Math.round(r.timeMs)} ms</td>
                      <td>{formatSize(r.size)}</td>
                    </>
                  ) : (
                    <td colSpan={3}>
                      {r.state === 'failed'
                        ? r.message
                        : r.state === 'running'
                          ? 'Sending…'
                          : r.state === 'skipped'
                            ? 'Skipped'
                            : 'Waiting'}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The selected collection's or folder's variables and auth, in a dialog. */
function SettingsDialog({ store }: { store: CollectionsStore }) {
  const open = store.settingsFor.value!;
  const current = store.settingsOf(open.id);
  if (!current) return null;
  return (
    <ScopeSettingsDialog
      key={open.id}
      {...current}
      error={open.error}
      onCancel={store.closeSettings}
      onSave={(variables, auth) => void store.saveSettings(open.id, variables, auth)}
    />
  );
}
