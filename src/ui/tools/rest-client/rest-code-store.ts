/**
 * The live code view: the request being edited as a program in any target,
 * regenerated on every edit from the target-neutral request spec
 * (`specFromRest`, no curl text in between). `{{variables}}` become
 * environment lookups in the program; a secret value typed literally
 * anywhere in the request is put back as its `{{name}}` first, so no secret
 * reaches the code. The generators load when the view first opens; after
 * that, code follows each keystroke synchronously.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import type { AuthDraft, BodyDraft, KeyValueRow, RequestDraft } from '../../../core/http/compose.ts';
import type { RestRequestSource } from '../../../core/request-spec/from-rest.ts';

/** Writes one target's program for a request (see `loadRestCodeWriter`). */
type CodeWriter = (source: RestRequestSource) => { code: string; warnings: { message: string }[] };

export type CodeResult = { code: string; warnings: string[] } | { error: string };

/** Replaces every occurrence of each secret value with `{{name}}` (longest values first, so one inside another cannot leak). */
export function redactText(text: string, secrets: readonly (readonly [string, string])[]): string {
  let out = text;
  for (const [name, value] of [...secrets].sort((a, b) => b[1].length - a[1].length)) {
    if (value !== '' && out.includes(value)) out = out.split(value).join(`{{${name}}}`);
  }
  return out;
}

/** The draft with every secret value written in it replaced by its `{{name}}`. */
export function redactDraft(draft: RequestDraft, secrets: readonly (readonly [string, string])[]): RequestDraft {
  if (secrets.length === 0) return draft;
  const r = (text: string) => redactText(text, secrets);
  const rows = <T extends KeyValueRow>(list: readonly T[]): T[] =>
    list.map((row) => ({ ...row, name: r(row.name), value: r(row.value) }));
  let body: BodyDraft = draft.body;
  switch (body.kind) {
    case 'json':
    case 'text':
      body = { ...body, text: r(body.text) };
      break;
    case 'form':
      body = { ...body, rows: rows(body.rows) };
      break;
    case 'multipart':
      body = { ...body, rows: rows(body.rows) };
      break;
    default:
  }
  let auth: AuthDraft = draft.auth;
  switch (auth.kind) {
    case 'basic':
      auth = { ...auth, user: r(auth.user), password: r(auth.password) };
      break;
    case 'bearer':
      auth = { ...auth, token: r(auth.token) };
      break;
    case 'apikey':
      auth = { ...auth, name: r(auth.name), value: r(auth.value) };
      break;
    default:
  }
  return { ...draft, url: r(draft.url), headers: rows(draft.headers), body, auth };
}

export interface CodeStoreDeps {
  draft: ReadonlySignal<RequestDraft>;
  /** Every secret `[name, value]` in scope (environments and the saved request's collection). */
  secrets: ReadonlySignal<readonly (readonly [string, string])[]>;
  followRedirects: ReadonlySignal<boolean>;
  /** Loads one target's generator (on demand in the page, a chunk per target; directly in tests). */
  load?: (targetId: string) => Promise<CodeWriter>;
}

export type CodeStore = ReturnType<typeof createCodeStore>;

export function createCodeStore(deps: CodeStoreDeps) {
  const open = signal(false);
  const targetId = signal('javascript-fetch');
  /** The writers loaded so far, by target id. */
  const writers = signal<ReadonlyMap<string, CodeWriter>>(new Map());
  const loadErrors = signal<ReadonlyMap<string, string>>(new Map());
  const loading = new Set<string>();
  const load =
    deps.load ??
    (async (id: string): Promise<CodeWriter> =>
      (await import('../../../core/request-spec/code-on-demand.ts')).loadRestCodeWriter(id));

  const result = computed((): CodeResult | null => {
    if (!open.value) return null;
    const id = targetId.value;
    const loadError = loadErrors.value.get(id);
    if (loadError) return { error: loadError };
    const write = writers.value.get(id);
    if (!write) return null;
    try {
      const draft = redactDraft(deps.draft.value, deps.secrets.value);
      const generated = write({ draft, followRedirects: deps.followRedirects.value });
      return { code: generated.code, warnings: generated.warnings.map((w) => w.message) };
    } catch (error) {
      return { error: `No code for this request yet: ${(error as Error).message}` };
    }
  });

  const ensureLoaded = async (id: string) => {
    if (writers.peek().has(id) || loadErrors.peek().has(id) || loading.has(id)) return;
    loading.add(id);
    try {
      const write = await load(id);
      writers.value = new Map(writers.peek()).set(id, write);
    } catch (error) {
      loadErrors.value = new Map(loadErrors.peek()).set(
        id,
        `The code generator could not be loaded: ${(error as Error).message}`,
      );
    } finally {
      loading.delete(id);
    }
  };

  return {
    open,
    targetId,
    result,
    /** Shows or hides the code view (loading the target's generator the first time). */
    async toggle(): Promise<void> {
      open.value = !open.peek();
      if (open.peek()) await ensureLoaded(targetId.peek());
    },
    /** Chooses the target (loading its generator the first time, while the view is open). */
    async setTarget(id: string): Promise<void> {
      targetId.value = id;
      if (open.peek()) await ensureLoaded(id);
    },
  };
}
