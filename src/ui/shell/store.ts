import { batch, computed, signal } from '@preact/signals';
import type { Intent } from '../../core/intents/intents.ts';
import type { ToolMeta, ToolParams } from '../tools/types.ts';
import { formatHash, parseHash, sameParams, type WorkspaceLocation } from './location.ts';

/** What the shell needs from the page, injected so the store runs in tests without a DOM. */
export interface ShellDeps {
  /** The tools this page shows. */
  tools: readonly ToolMeta[];
  /** Opened when the address names no tool and none was open before. */
  defaultTool: string;
  /** The tool open when the page was last closed (kept across reloads). */
  lastTool: { get(): string | null; set(id: string): void };
  /** Writes the address: a new history entry, or replacing the current one. */
  writeHash(hash: string, mode: 'push' | 'replace'): void;
}

export interface Notice {
  text: string;
  /** `alert` for problems (announced at once), `status` for information. */
  tone: 'alert' | 'status';
}

/** The workspace's session state: which tool is shown, each tool's deep-link parameters and inbox, the notice. */
export function createShellStore(deps: ShellDeps) {
  const byId = new Map(deps.tools.map((tool) => [tool.id, tool]));
  const active = signal<string>(deps.defaultTool);
  const params = signal<Readonly<Record<string, ToolParams>>>({});
  /** Tools opened so far, in opening order: their views stay mounted (and keep their state) when hidden. */
  const opened = signal<readonly string[]>([]);
  const inboxes = signal<Readonly<Record<string, { intent: Intent; seq: number }>>>({});
  const notice = signal<Notice | null>(null);
  let seq = 0;

  const activeTool = computed(() => byId.get(active.value)!);
  const activeParams = computed(() => params.value[active.value] ?? {});

  function show(tool: string, toolParams: ToolParams | undefined) {
    batch(() => {
      active.value = tool;
      if (toolParams !== undefined) params.value = { ...params.value, [tool]: toolParams };
      if (!opened.value.includes(tool)) opened.value = [...opened.value, tool];
    });
    deps.lastTool.set(tool);
  }

  const currentHash = () => formatHash({ tool: active.value, params: activeParams.value });

  const store = {
    active,
    activeTool,
    activeParams,
    params,
    opened,
    inboxes,
    notice,
    tools: deps.tools,

    /**
     * Shows a tool (with these parameters, if given) and records it in the
     * address. An id this page does not show is refused with a notice.
     */
    navigate(tool: string, toolParams?: ToolParams, mode: 'push' | 'replace' = 'push') {
      if (!byId.has(tool)) {
        store.notify(`There is no tool “${tool}” here.`, 'alert');
        return;
      }
      const before = currentHash();
      show(tool, toolParams);
      const after = currentHash();
      if (after !== before) deps.writeHash(after, mode);
    },

    /** The tool's own parameters changed (a selection, a search): the address follows without a new history entry. */
    setParams(tool: string, toolParams: ToolParams) {
      if (sameParams(params.value[tool] ?? {}, toolParams)) return;
      params.value = { ...params.value, [tool]: toolParams };
      if (tool === active.value) deps.writeHash(currentHash(), 'replace');
    },

    /** Hands an intent to the first tool that accepts it and shows that tool. */
    open(intent: Intent): ToolMeta | null {
      const target = deps.tools.find((tool) => tool.accepts.includes(intent.kind));
      if (!target) {
        store.notify(`No tool here can open that (${intent.kind}).`, 'alert');
        return null;
      }
      batch(() => {
        inboxes.value = { ...inboxes.value, [target.id]: { intent, seq: ++seq } };
        store.navigate(target.id, params.value[target.id] ?? {});
      });
      return target;
    },

    notify(text: string, tone: Notice['tone'] = 'status') {
      notice.value = { text, tone };
    },

    dismissNotice() {
      notice.value = null;
    },

    /**
     * The address changed (a reload, a link, Back/Forward): show what it names.
     * Returns false when the hash names no tool of this page (the caller keeps what is shown).
     */
    applyHash(hash: string): boolean {
      const location = parseHash(hash);
      if (!location) return false;
      if (!byId.has(location.tool)) {
        store.notify(`There is no tool “${location.tool}” here; showing ${activeTool.value.title}.`, 'alert');
        deps.writeHash(currentHash(), 'replace');
        return false;
      }
      show(location.tool, location.params);
      return true;
    },

    /** The first tool of a page load: the address's, else the last one open, else the default. */
    start(hash: string) {
      if (store.applyHash(hash)) return;
      const last = deps.lastTool.get();
      const tool =
        last !== null && byId.has(last) ? last : byId.has(deps.defaultTool) ? deps.defaultTool : deps.tools[0]!.id;
      show(tool, {});
      deps.writeHash(currentHash(), 'replace');
    },

    location(): WorkspaceLocation {
      return { tool: active.value, params: activeParams.value };
    },
  };
  return store;
}

export type ShellStore = ReturnType<typeof createShellStore>;
