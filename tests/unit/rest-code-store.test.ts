import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import type { RequestDraft } from '../../src/core/http/compose.ts';
import { codeForRest } from '../../src/core/request-spec/code.ts';
import { createCodeStore, redactDraft } from '../../src/ui/tools/rest-client/rest-code-store.ts';

const draft = (fields: Partial<RequestDraft> = {}): RequestDraft => ({
  method: 'POST',
  url: '{{base}}/items?page=1',
  headers: [{ enabled: true, name: 'X-Key', value: 'literal-s3cret' }],
  body: { kind: 'json', text: '{"name": "{{who}}"}' },
  auth: { kind: 'bearer', token: '{{token}}' },
  ...fields,
});

describe('live code view', () => {
  it('follows every edit, in any target, with variables read from the environment and no secret value', async () => {
    const loads: string[] = [];
    const source = signal(draft());
    const store = createCodeStore({
      draft: source,
      secrets: signal([
        ['token', 'tok-123'],
        ['apiKey', 'literal-s3cret'],
      ] as const),
      followRedirects: signal(false),
      load: async (id) => {
        loads.push(id);
        return (source) => codeForRest(source, id);
      },
    });
    expect(store.result.value).toBeNull();
    await store.toggle();
    const first = store.result.value;
    expect(first && 'code' in first).toBe(true);
    const code = (first as { code: string }).code;
    expect(code).toContain('fetch(');
    expect(code).toMatch(/process\.env\.base|process\.env\[["']base["']\]/);
    expect(code).toMatch(/token/);
    expect(code).not.toContain('tok-123');
    expect(code).not.toContain('literal-s3cret');
    expect(code).toMatch(/apiKey/);
    // A keystroke in the URL shows at once.
    source.value = draft({ url: '{{base}}/items?page=2' });
    expect((store.result.value as { code: string }).code).toContain('page=2');
    for (const target of ['python-requests', 'go-net-http', 'rust-reqwest']) {
      const loading = store.setTarget(target);
      // Until its generator has loaded, a newly chosen target shows nothing (not another target's code).
      expect(store.result.value).toBeNull();
      await loading;
      const result = store.result.value as { code: string };
      expect(result.code).not.toContain('literal-s3cret');
      expect(result.code).toContain('page=2');
    }
    await store.toggle();
    expect(store.result.value).toBeNull();
    // Each generator was loaded once, when its target was first shown.
    await store.toggle();
    await store.setTarget('python-requests');
    expect(loads).toEqual(['javascript-fetch', 'python-requests', 'go-net-http', 'rust-reqwest']);
  });

  it('puts secret values typed literally back as {{name}}, longest first', () => {
    const redacted = redactDraft(
      draft({ url: 'https://x/?k=abcdef', auth: { kind: 'basic', user: 'me', password: 'abcdef' } }),
      [
        ['short', 'abc'],
        ['long', 'abcdef'],
      ],
    );
    expect(redacted.url).toBe('https://x/?k={{long}}');
    expect(redacted.auth).toEqual({ kind: 'basic', user: 'me', password: '{{long}}' });
  });

  it('says when a generator cannot be loaded', async () => {
    const store = createCodeStore({
      draft: signal(draft()),
      secrets: signal([]),
      followRedirects: signal(false),
      load: () => Promise.reject(new Error('offline')),
    });
    await store.toggle();
    expect(store.result.value).toEqual({ error: 'The code generator could not be loaded: offline' });
  });
});
