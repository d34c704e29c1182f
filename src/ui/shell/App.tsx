import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { DEFAULT_TOOL, toolsFor } from '../tools/catalog.ts';
import type { ToolMeta } from '../tools/types.ts';
import { loadView } from '../tools/views.ts';
import { useServices } from '../services.ts';
import { SettingsContext, useSettings } from '../theme.ts';
import { CommandPalette } from './CommandPalette.tsx';
import { Navigation } from './Navigation.tsx';
import { createShellStore, type ShellStore } from './store.ts';
import { ToolHost } from './ToolHost.tsx';
import './shell.css';

const LAST_TOOL_KEY = 'workspace.lastTool';
const COMPACT_KEY = 'workspace.compactNavigation';

/** localStorage, or nothing where the page may not use it. */
const local = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // the choice is then forgotten on reload, nothing worse
    }
  },
};

function pageShellStore(tools: readonly ToolMeta[]): ShellStore {
  return createShellStore({
    tools,
    defaultTool: DEFAULT_TOOL,
    lastTool: { get: () => local.get(LAST_TOOL_KEY), set: (id) => local.set(LAST_TOOL_KEY, id) },
    writeHash(hash, mode) {
      if (location.hash === hash) return;
      if (mode === 'replace') history.replaceState(history.state, '', hash);
      else location.hash = hash;
    },
  });
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The workspace: the same page in the DevTools panel and in a tab. The registry decides what it shows. */
export function App() {
  const services = useServices();
  const settings = useSettings(services);
  const store = useMemo(() => {
    const shell = pageShellStore(toolsFor('workspace', services.inspected !== undefined));
    shell.start(location.hash);
    // The first tool's code starts loading now, while the frame renders.
    loadView(shell.active.value).catch(() => undefined);
    return shell;
  }, [services]);
  const [palette, setPalette] = useState(false);
  const [compact, setCompact] = useState(() => local.get(COMPACT_KEY) === 'true');
  /** Where focus was when the palette opened. */
  const opener = useRef<HTMLElement | null>(null);
  const mainRef = useRef<HTMLElement>(null);

  // The address is the state: Back/Forward, links and a reload show what it names.
  // Something handed over (context menu, popup) is taken when the page opens and on each new address.
  useEffect(() => {
    const take = () =>
      void services
        .takeHandoff()
        .then((handoff) => {
          if (handoff === null) return;
          if (handoff.intent) store.open(handoff.intent);
          if (handoff.notice) store.notify(handoff.notice, handoff.intent ? 'status' : 'alert');
        })
        .catch(() => undefined);
    take();
    const onHashChange = () => {
      store.applyHash(location.hash);
      take();
    };
    addEventListener('hashchange', onHashChange);
    return () => removeEventListener('hashchange', onHashChange);
  }, [services, store]);

  // Ctrl/Cmd+K anywhere opens the palette.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((isMac ? event.metaKey : event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (!palette) {
          opener.current = document.activeElement as HTMLElement | null;
          setPalette(true);
        }
      }
    };
    addEventListener('keydown', onKeyDown);
    return () => removeEventListener('keydown', onKeyDown);
  }, [palette]);

  const closePalette = (ran: boolean) => {
    setPalette(false);
    // After an action, focus goes to the tool (unless the tool took it); else back where it was.
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      const lost = !focused || focused === document.body;
      if (ran && lost) mainRef.current?.querySelector<HTMLElement>(':scope > section:not([hidden])')?.focus();
      else if (!ran || lost) opener.current?.focus();
    });
  };

  const notice = store.notice.value;
  const active = store.active.value;
  const openedTools = store.opened.value;
  const shortcut = isMac ? '⌘K' : 'Ctrl+K';

  return (
    <SettingsContext.Provider value={settings}>
      <div class={`app${compact ? ' nav-compact' : ''}`}>
        <header class="app-header">
          <h1 class="brand">
            <span class="brand-mark" aria-hidden="true">
              ⇄
            </span>
            <span class="brand-name">HTTP Workbench</span>
          </h1>
          <Navigation store={store} compact={compact} />
          <div class="app-actions">
            <button
              type="button"
              class="palette-button"
              aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
              title={`Find a tool or an action (${shortcut})`}
              onClick={(e) => {
                opener.current = e.currentTarget;
                setPalette(true);
              }}
            >
              <span aria-hidden="true">⌕</span> <span class="palette-button-label">Command palette</span>{' '}
              <kbd aria-hidden="true">{shortcut}</kbd>
            </button>
            <button
              type="button"
              class="link-button compact-toggle"
              aria-pressed={compact}
              title="Show the tools as icons only"
              onClick={() => {
                setCompact(!compact);
                local.set(COMPACT_KEY, String(!compact));
              }}
            >
              Compact navigation
            </button>
            <button type="button" class="link-button" onClick={() => void services.openOptions()}>
              Settings
            </button>
          </div>
        </header>
        <div class="notice-area">
          {notice && (
            <div role={notice.tone} class={`notice notice-${notice.tone}`}>
              {notice.text}
              <button
                type="button"
                class="icon-button"
                aria-label="Dismiss notice"
                onClick={() => store.dismissNotice()}
              >
                ×
              </button>
            </div>
          )}
        </div>
        <main class="tool-panels" ref={mainRef}>
          {openedTools.map((id) => {
            const tool = store.tools.find((t) => t.id === id)!;
            return (
              <section
                key={id}
                id={`tool-${id}`}
                aria-label={tool.title}
                hidden={id !== active}
                tabIndex={-1}
                class="tool-panel"
              >
                <ToolHost tool={tool} active={id === active} store={store} />
              </section>
            );
          })}
        </main>
        {palette && <CommandPalette store={store} onClose={closePalette} />}
      </div>
    </SettingsContext.Provider>
  );
}
