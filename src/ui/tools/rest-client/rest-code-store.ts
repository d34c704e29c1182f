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

type CodeFor = (source: RestRequestSource, targetId: string) => { code: string; warnings: { message: string }[] };

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
  /** Loads the generators (on demand in the page; directly in tests). */
  load?: () => Promise<CodeFor>;
}

export type CodeStore = ReturnType<typeof createCodeStore>;

export function createCodeStore(deps: CodeStoreDeps) {
  const open = signal(false);
  const targetId = signal('javascript-fetch');
  const generator = signal<CodeFor | null>(null);
  const loadError = signal<string | null>(null);
  const load =
    deps.load ?? (async (): Promise<CodeFor> => (await import('../../../core/request-spec/code.ts')).codeForRest);

  const result = computed((): CodeResult | null => {
    if (!open.value) return null;
    if (loadError.value) return { error: loadError.value };
    const codeFor = generator.value;
    if (!codeFor) return null;
    try {
      const draft = redactDraft(deps.draft.value, deps.secrets.value);
      const generated = codeFor({ draft, followRedirects: deps.followRedirects.value }, targetId.value);
      return { code: generated.code, warnings: generated.warnings.map((w) => w.message) };
    } catch (error) {
      return { error: `No code for this request yet: ${(error as Error).message}` };
    }
  });

  const ensureLoaded = async () => {
    if (generator.peek() || loadError.peek()) return;
    try {
      const codeFor = await load();
      generator.value = codeFor;
    } catch (error) {
      loadError.value = `The code generators could not be loaded: ${(error as Error).message}`;
    }
  };

  return {
    open,
    targetId,
    result,
    /** Shows or hides the code view (loading the generators the first time). */
    async toggle(): Promise<void> {
      open.value = !open.peek();
      if (open.peek()) await ensureLoaded();
    },
    setTarget: (id: string) => (targetId.value = id),
  };
}
