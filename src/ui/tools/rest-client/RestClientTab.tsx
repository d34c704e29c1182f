import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ReadonlySignal } from '@preact/signals';
import type { EnvironmentsState } from '../../../core/env/state.ts';
import type { RestImport } from '../../../core/http/from-curl.ts';
import { useServices } from '../../services.ts';
import { EnvironmentBar } from './EnvironmentBar.tsx';
import { EnvironmentManager } from './EnvironmentManager.tsx';
import { CodePane } from './CodePane.tsx';
import { CollectionsPanel } from './CollectionsPanel.tsx';
import { EditorTabs } from './EditorTabs.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { RequestEditor } from './RequestEditor.tsx';
import { ResponseArea } from './ResponseArea.tsx';
import type { EditorStore, RestSettings } from './rest-editor-store.ts';
import type { LayoutStore } from './rest-layout-store.ts';
import type { CodeStore } from './rest-code-store.ts';
import type { CollectionsStore } from './rest-collections-store.ts';
import { createRestStores } from './rest-stores.ts';
import { SaveDialog } from './SaveDialog.tsx';
import { SplitSeparator } from './SplitSeparator.tsx';
import { VariablesBar } from './VariablesBar.tsx';
import './rest.css';

export type { RestSettings };

/** The tab panel's padding below the REST client (styles.css `.tab-panel`). */
const PANEL_PADDING = 12;
/** Side by side, the REST client is never squeezed below this height. */
const MIN_SIDE_HEIGHT = 200;

/**
 * The REST client: the request editor, then the response (side by side when
 * the panel is wide and short), with the history beside or behind a toggle.
 * Its state lives in stores (rest-*-store.ts); this tab creates them over the
 * page's services, renders them and handles the keyboard and the layout.
 */
export function RestClientTab({
  settings,
  imported,
  onStatusClick,
  onMock,
  onOpenJson,
}: {
  settings: RestSettings;
  imported?: RestImport & { seq: number };
  /** When given, the response's status code is a button that calls it (to explain the code). */
  onStatusClick?: (code: number) => void;
  /** When given, a JSON response offers "Mock this response". */
  onMock?: (body: string, from: string) => void;
  /** When given, a JSON body has "Open in JSON Tools", which calls it. */
  onOpenJson?: (text: string, title: string) => void;
}) {
  const services = useServices();
  const [stores] = useState(() => createRestStores(services, settings));
  const { editor, environments, history, layout, collections, code } = stores;
  const rootRef = useRef<HTMLDivElement>(null);
  const restRef = useRef<HTMLDivElement>(null);
  /** Where focus was when the environment manager opened; it goes back there on close. */
  const opener = useRef<HTMLElement | null>(null);

  useLayoutEffect(() => {
    stores.settings.value = settings;
  }, [settings]);
  useEffect(() => stores.start(), [stores]);
  // A request opened from the converter replaces the editor's content.
  useEffect(() => {
    if (imported) editor.load(imported);
  }, [imported]);
  useShortcuts(restRef, editor);
  const openSaved = async (requestId: string, collectionId: string) => {
    const saved = await services.collections.getRequest(requestId).catch(() => null);
    if (!saved) {
      collections.addNotice('That saved request is gone or could not be read.');
      return;
    }
    editor.openSaved(saved, collectionId);
    // The editor takes the focus, as after opening a history entry.
    setTimeout(() => document.querySelector<HTMLElement>('#rest-editor-pane input[aria-label="URL"]')?.focus());
  };
  const top = useMeasuredLayout(rootRef, layout);

  const { history: historyMode, split } = layout.layout.value;
  const historyVisible = layout.historyVisible.value;
  const manager = environments.manager.value;
  const historyPane = historyVisible && (
    <aside class="history-sidebar" id="rest-history" aria-label="Collections and history">
      <CollectionsPanel store={collections} onOpen={(id, collectionId) => void openSaved(id, collectionId)} />
      <div class="history-panel-wrap">
        <HistoryPanel
          store={history}
          onReplay={(id) => void editor.open(id, true)}
          onOpen={(id) => void editor.open(id, false)}
        />
      </div>
    </aside>
  );
  const ratio = layout.ratio.value;
  const columns =
    split === 'side'
      ? `${historyMode === 'toggle' && historyVisible ? 'minmax(220px, 300px) ' : ''}minmax(0, ${ratio}fr) auto minmax(0, ${1 - ratio}fr)`
      : undefined;

  return (
    <div
      ref={rootRef}
      class={`rest-layout history-${historyMode} split-${split}${historyVisible ? ' with-history' : ''}`}
      style={
        split === 'side' ? { height: `${Math.max(MIN_SIDE_HEIGHT, innerHeight - top - PANEL_PADDING)}px` } : undefined
      }
    >
      {historyMode === 'beside' && historyPane}
      <div class="rest" ref={restRef}>
        <div class="rest-toolbar">
          <HistoryToggle layout={layout} />
          <EnvironmentBar
            state={environments.state.value}
            onSelect={(id) => void environments.select(id)}
            onManage={() => {
              opener.current = document.activeElement as HTMLElement | null;
              environments.openManager();
            }}
          />
        </div>
        <div class="rest-body" style={columns ? { gridTemplateColumns: columns } : undefined}>
          {historyMode === 'toggle' && historyPane}
          <div class="rest-editor-pane" id="rest-editor-pane">
            <EditorTabs editor={editor} />
            <div class="editor-code-container">
              <div class={`editor-with-code${code.open.value ? ' code-open' : ''}`}>
                <div class="editor-main">
                  <EditorPane
                    editor={editor}
                    code={code}
                    environments={environments.state}
                    timeoutMs={settings.timeoutMs}
                  />
                </div>
                {code.open.value && <CodePane store={code} />}
              </div>
            </div>
          </div>
          {split === 'side' && <SplitSeparator layout={layout} controls="rest-editor-pane" />}
          <ResponseArea editor={editor} onStatusClick={onStatusClick} onMock={onMock} onOpenJson={onOpenJson} />
        </div>
      </div>
      {editor.saveDialog.value && <SaveRequestDialog editor={editor} collections={collections} />}
      {manager && (
        <EnvironmentManager
          session={manager}
          onClose={() => {
            environments.closeManager();
            setTimeout(() => opener.current?.focus());
          }}
        />
      )}
    </div>
  );
}

/** Show/Hide the sidebar (collections and history) while it sits beside the editor; a toggle when space is short. */
function HistoryToggle({ layout }: { layout: LayoutStore }) {
  if (layout.layout.value.history === 'beside') {
    const shown = layout.historyShown.value;
    return (
      <button type="button" class="secondary small" aria-expanded={shown} onClick={layout.toggleHistory}>
        {shown ? 'Hide collections & history' : 'Show collections & history'}
      </button>
    );
  }
  const open = layout.historyOpen.value;
  return (
    <button
      type="button"
      class="secondary small history-toggle"
      aria-expanded={open}
      aria-controls={open ? 'rest-history' : undefined}
      onClick={layout.toggleHistory}
    >
      Collections & history
    </button>
  );
}

/** The request editor, the variables it uses and any import notes. */
function EditorPane({
  editor,
  code,
  environments,
  timeoutMs,
}: {
  editor: EditorStore;
  code: CodeStore;
  environments: ReadonlySignal<EnvironmentsState | null>;
  timeoutMs: number;
}) {
  const notes = editor.notes.value;
  return (
    <>
      <RequestEditor
        state={editor.editor.value}
        update={editor.update}
        part={editor.part.value}
        onPart={editor.setPart}
        sending={editor.sending.value}
        onSend={() => void editor.send()}
        onCancel={editor.cancel}
        settings={editor.sendSettings.value}
        onSettings={editor.setSendSettings}
        timeoutMs={timeoutMs}
        problem={editor.problem.value}
        onPasteCurl={(text) => void editor.importCurl(text)}
        canSendAsPage={editor.canSendAsPage}
        inheritedAuth={editor.inheritedDescription.value}
      />
      <div class="save-line">
        <button
          type="button"
          class="secondary small"
          aria-keyshortcuts="Control+S Meta+S"
          disabled={editor.saving.value}
          onClick={() => void editor.save()}
        >
          Save
        </button>
        <button type="button" class="secondary small" aria-pressed={code.open.value} onClick={() => void code.toggle()}>
          Code
        </button>
        <span class="meta">
          {editor.link.value
            ? editor.dirty.value
              ? `Unsaved changes to “${editor.link.value.name}”`
              : `Saved as “${editor.link.value.name}”`
            : 'Not saved in a collection'}
        </span>
      </div>
      <VariablesBar draft={editor.draftShape.value} state={environments.value} context={editor.context.value} />
      {notes.length > 0 && (
        <ul class="import-notes" aria-label="Import notes">
          {notes.map((note, i) => (
            <li key={i}>{note}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Ctrl/Cmd+Enter sends and Esc cancels, from anywhere in the request editor or response (or with nothing focused). */
function useShortcuts(rootRef: { current: HTMLElement | null }, editor: EditorStore) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const root = rootRef.current;
      if (!root || root.closest('[hidden]')) return;
      const target = event.target as Node | null;
      if (target && target !== document.body && target !== document.documentElement && !root.contains(target)) return;
      // Keys typed in the history list (its filter, its Clear confirmation) are its own.
      if (target instanceof Element && target.closest('.history-sidebar')) return;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void editor.send();
      } else if ((event.key === 's' || event.key === 'S') && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        void editor.save();
      } else if (event.key === 'Escape' && editor.inFlight()) {
        event.preventDefault();
        editor.cancel();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [editor]);
}

/**
 * Tells the layout store the REST client's width and the page's height as
 * they change; returns where the REST client starts on the page (side by
 * side, it fills the height below that).
 */
function useMeasuredLayout(rootRef: { current: HTMLElement | null }, layout: LayoutStore): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = rootRef.current;
    if (!element) return;
    const measure = () => {
      layout.measure(element.clientWidth, innerHeight);
      if (element.clientWidth > 0) setTop(Math.round(element.getBoundingClientRect().top + scrollY));
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      removeEventListener('resize', measure);
    };
  }, [layout]);
  return top;
}

/** The save dialog over the editor: where a new request goes (a new collection is made first when asked). */
function SaveRequestDialog({ editor, collections }: { editor: EditorStore; collections: CollectionsStore }) {
  const dialog = editor.saveDialog.value!;
  return (
    <SaveDialog
      dialog={dialog}
      collections={collections.collections.value ?? []}
      initial={collections.targetOf(collections.selectedId.value)}
      onCancel={editor.closeSaveDialog}
      onSave={async (target) => {
        let collectionId = target.collectionId;
        if (collectionId === null) {
          const made = await collections.createCollection(target.newCollection);
          if (!made) return;
          collectionId = made.id;
        }
        if (await editor.saveAs({ collectionId, parentId: target.parentId, name: target.name })) {
          await collections.refresh();
          collections.setExpanded(collectionId, true);
          if (target.parentId) collections.setExpanded(target.parentId, true);
          const saved = editor.link.peek();
          if (saved) collections.select(saved.requestId);
        }
      }}
    />
  );
}
