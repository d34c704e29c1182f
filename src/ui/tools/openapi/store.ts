import { computed, signal } from '@preact/signals';
import type { RestImport } from '../../../core/http/from-curl.ts';
import { toCurlCommand } from '../../../core/curl/to-curl.ts';
import type { Checked } from '../../../core/openapi/engine.ts';
import { filterOperations } from '../../../core/openapi/operations.ts';
import type { Problem } from '../../../core/openapi/types.ts';
import type { EngineClient } from './engine-client.ts';

export interface OpenApiStoreDeps {
  engine: EngineClient;
  /** Fetches a URL's text through the background (no CORS). */
  fetchText(url: string): Promise<string>;
  /** Waits before checking what is being typed. */
  schedule?(run: () => void, ms: number): () => void;
}

/** How many problems the list shows at once (a broken 2.5 MB spec can have thousands). */
export const PROBLEM_LIMIT = 500;

const VERSION_NAMES: Record<string, string> = {
  '2.0': 'Swagger 2.0',
  '3.0': 'OpenAPI 3.0',
  '3.1': 'OpenAPI 3.1',
  '3.2': 'OpenAPI 3.2',
};

export function describeProblem(problem: Problem): string {
  return `${problem.span.line}:${problem.span.column} ${problem.severity} ${problem.rule}: ${problem.message}`;
}

export function createOpenApiStore(deps: OpenApiStoreDeps) {
  const schedule =
    deps.schedule ??
    ((run: () => void, ms: number) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    });
  const text = signal('');
  const checked = signal<Checked | null>(null);
  const checking = signal(false);
  const query = signal('');
  const serverIndex = signal(0);
  /** Said politely to screen readers (role=status). */
  const status = signal('');
  /** A failure to load (file, URL) or to build a request. */
  const error = signal('');
  const url = signal('');
  const fetching = signal(false);
  /** The text the shown result belongs to (problems' offsets are into it). */
  const checkedText = signal('');
  let cancel: (() => void) | null = null;

  const groups = computed(() => filterOperations(checked.value?.groups ?? [], query.value));
  const operationCount = computed(() => (checked.value?.groups ?? []).reduce((n, g) => n + g.operations.length, 0));
  const summary = computed(() => {
    const result = checked.value;
    if (!result) return '';
    const parts = [
      result.errors === 0 ? 'No errors' : `${result.errors} error${result.errors === 1 ? '' : 's'}`,
      `${result.warnings} warning${result.warnings === 1 ? '' : 's'}`,
    ];
    const kind = result.version ? VERSION_NAMES[result.version] : undefined;
    return `${parts.join(', ')}${kind ? ` · ${kind} (${result.format.toUpperCase()})` : ''} · checked in ${Math.round(result.ms)} ms`;
  });
  /** The result no longer matches the text (being typed, or checking). */
  const stale = computed(() => checked.value !== null && checkedText.value !== text.value);

  async function checkNow(): Promise<void> {
    cancel?.();
    cancel = null;
    const current = text.value;
    if (current.trim() === '') {
      checked.value = null;
      checkedText.value = current;
      status.value = '';
      return;
    }
    checking.value = true;
    try {
      const result = await deps.engine.check(current);
      if (result === null) return; // a newer text is being checked
      checked.value = result;
      checkedText.value = current;
      if (serverIndex.value >= result.servers.length) serverIndex.value = 0;
      status.value = summary.value;
    } catch (e) {
      error.value = `Could not check the document: ${(e as Error).message}`;
    } finally {
      if (checkedText.value === text.value) checking.value = false;
    }
  }

  function setText(next: string, immediately = false) {
    text.value = next;
    error.value = '';
    cancel?.();
    if (immediately) void checkNow();
    else cancel = schedule(() => void checkNow(), 350);
  }

  async function loadUrl(): Promise<void> {
    const target = url.value.trim();
    if (!/^https?:\/\/\S+$/i.test(target)) {
      error.value = 'Enter an http:// or https:// URL of a spec.';
      return;
    }
    fetching.value = true;
    error.value = '';
    try {
      const body = await deps.fetchText(target);
      setText(body, true);
      status.value = `Loaded ${target}.`;
    } catch (e) {
      error.value = `Could not fetch ${target}: ${(e as Error).message}`;
    } finally {
      fetching.value = false;
    }
  }

  /** The request an operation describes, for "Try it". */
  async function requestFor(pointer: string): Promise<RestImport | null> {
    error.value = '';
    try {
      return await deps.engine.request(pointer, serverIndex.value);
    } catch (e) {
      error.value = (e as Error).message;
      return null;
    }
  }

  /** The curl command for an operation's request, for "Generate code". */
  async function curlFor(pointer: string): Promise<string | null> {
    const imported = await requestFor(pointer);
    if (!imported) return null;
    const { request, parts } = imported;
    if (parts && parts.length > 0) {
      // curl's -F writes the multipart body itself.
      const base = toCurlCommand({ method: request.method, url: request.url, headers: request.headers });
      return `${base} ${parts.map((p) => `-F ${quoteForm(p.fileName ? `${p.name}=@${p.fileName}` : `${p.name}=${p.value}`)}`).join(' ')}`;
    }
    return toCurlCommand(request);
  }

  return {
    text,
    checked,
    checking,
    query,
    serverIndex,
    status,
    error,
    url,
    fetching,
    groups,
    operationCount,
    summary,
    stale,
    setText,
    checkNow,
    loadUrl,
    requestFor,
    curlFor,
    setQuery: (q: string) => (query.value = q),
    setServer: (i: number) => (serverIndex.value = i),
    setUrl: (u: string) => (url.value = u),
    loadFile(name: string, content: string) {
      setText(content, true);
      status.value = `Opened ${name}.`;
    },
    announce: (message: string) => (status.value = message),
  };
}

function quoteForm(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export type OpenApiStore = ReturnType<typeof createOpenApiStore>;
