import { effect } from '@preact/signals';
import { describe, expect, it, vi } from 'vitest';
import { convertToCompose } from '../../src/core/compose/convert.ts';
import { createComposeStore, EXAMPLE, place } from '../../src/ui/tools/compose/store.ts';

describe('the Compose store', () => {
  it('converts as the text changes, and shows nothing for empty text', () => {
    const store = createComposeStore();
    expect(store.result.value).toBeNull();
    expect(store.problem.value).toBeNull();
    store.setCommands('docker run --rm -p 80:80 nginx\ndocker run redis');
    expect(store.result.value?.services.map((s) => s.name)).toEqual(['nginx', 'redis']);
    expect(store.summary.value).toBe('2 services · 1 warning');
    expect(store.warnings.value.map((w) => place(w.warning.span))).toEqual(['1:12']);
    store.setCommands('  ');
    expect(store.result.value).toBeNull();
    expect(store.summary.value).toBe('');
  });

  it('keeps the last good file on show, marked stale, while the text has a problem, and says where', () => {
    const store = createComposeStore();
    store.setCommands('docker run nginx');
    store.setCommands("docker run -e 'A=1 nginx");
    expect(store.problem.value).toMatchObject({ input: 'commands', span: { line: 1, column: 15 } });
    expect(store.problem.value?.message).toContain('never closed');
    expect(store.stale.value).toBe(true);
    expect(store.result.value?.services[0]?.name).toBe('nginx');
    expect(store.warnings.value).toEqual([]);
    store.setCommands('docker run nginx:alpine');
    expect(store.stale.value).toBe(false);
  });

  it('merges into the existing file and lists clashes with the other warnings, in the order of the text', () => {
    const store = createComposeStore();
    store.setExisting('services:\n  nginx:\n    image: nginx\n');
    store.setCommands('docker run -d nginx:alpine');
    expect(store.result.value?.services[0]?.name).toBe('nginx-2');
    expect(store.warnings.value.map((w) => [w.warning.code, w.merge])).toEqual([
      ['no-compose-equivalent', false],
      ['service-clash', true],
    ]);
    store.setExisting('services: [');
    expect(store.problem.value?.input).toBe('existing');
  });

  it('writes warnings as YAML comments when asked', () => {
    const store = createComposeStore();
    store.setCommands('docker run --rm nginx');
    expect(store.result.value?.yaml).not.toContain('#');
    store.setComments(true);
    expect(store.result.value?.yaml).toContain('# 1:12 --rm is left out');
  });

  it('takes commands handed over by another tool, and has an example that converts cleanly', () => {
    const store = createComposeStore();
    store.receive('podman run alpine');
    expect(store.commands.value).toBe('podman run alpine');
    store.loadExample();
    expect(store.commands.value).toBe(EXAMPLE);
    expect(store.result.value?.validation.valid).toBe(true);
    expect(store.result.value?.services.map((s) => s.name)).toEqual(['db', 'web']);
  });

  it('converts once per change, with the injected conversion', () => {
    const convert = vi.fn(convertToCompose);
    const store = createComposeStore({ convert });
    const seen: unknown[] = [];
    const stop = effect(() => void seen.push(store.result.value));
    store.setCommands('docker run a');
    store.setComments(true);
    expect(convert).toHaveBeenCalledTimes(2);
    expect(convert.mock.calls[1]![1]).toEqual({ existing: '', comments: true });
    stop();
  });

  it('announces for a while', () => {
    vi.useFakeTimers();
    const store = createComposeStore();
    store.announce('Copied.', 1000);
    expect(store.status.value).toBe('Copied.');
    vi.advanceTimersByTime(1000);
    expect(store.status.value).toBe('');
    vi.useRealTimers();
  });
});
