import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ReadonlySignal } from '@preact/signals';
import type { EnvironmentsState } from '../../../core/env/state.ts';
import type { RestImport } from '../../../core/http/from-curl.ts';
import { useServices } from '../../services.ts';
import { EnvironmentBar } from './EnvironmentBar.tsx';
import { EnvironmentManager } from './EnvironmentManager.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { RequestEditor } from './RequestEditor.tsx';
import { ResponseArea } from './ResponseArea.tsx';
import type { EditorStore, RestSettings } from './rest-editor-store.ts';
import { createRestStores } from './rest-stores.ts';
import { VariablesBar } from './VariablesBar.tsx';
import './rest.css';

export type { RestSettings };

/**
 * The REST client: the request editor on top, the response below, the
 * history beside. Its state lives in stores (rest-*-store.ts); this tab
 * creates them over the page's services, renders them and handles the keyboard.
 */
export function RestClientTab({
  settings,
  imported,
  onStatusClick,
}: {
  settings: RestSettings;
  imported?: RestImport & { seq: number };
  /** When given, the response's status code is a button that calls it (to explain the code). */
  onStatusClick?: (code: number) => void;
}) {
  const services = useServices();
  const [stores] = useState(() => createRestStores(services, settings));
  const { editor, environments, history } = stores;
  const [historyOpen, setHistoryOpen] = useState(true);
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

  const manager = environments.manager.value;

  return (
    <div class={`rest-layout${historyOpen ? ' with-history' : ''}`}>
      {historyOpen && (
        <aside class="history-sidebar" aria-label="History panel">
          <HistoryPanel
            store={history}
            onReplay={(id) => void editor.open(id, true)}
            onOpen={(id) => void editor.open(id, false)}
          />
        </aside>
      )}
      <div class="rest" ref={restRef}>
        <div class="rest-toolbar">
          <button
            type="button"
            class="secondary small"
            aria-expanded={historyOpen}
            onClick={() => setHistoryOpen(!historyOpen)}
          >
            {historyOpen ? 'Hide history' : 'Show history'}
          </button>
          <EnvironmentBar
            state={environments.state.value}
            onSelect={(id) => void environments.select(id)}
            onManage={() => {
              opener.current = document.activeElement as HTMLElement | null;
              environments.openManager();
            }}
          />
        </div>
        <EditorPane editor={editor} environments={environments.state} timeoutMs={settings.timeoutMs} />
        <ResponseArea editor={editor} onStatusClick={onStatusClick} />
      </div>
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

/** The request editor, the variables it uses and any import notes. */
function EditorPane({
  editor,
  environments,
  timeoutMs,
}: {
  editor: EditorStore;
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
      />
      <VariablesBar draft={editor.draftShape.value} state={environments.value} />
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
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void editor.send();
      } else if (event.key === 'Escape' && editor.inFlight()) {
        event.preventDefault();
        editor.cancel();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [editor]);
}
