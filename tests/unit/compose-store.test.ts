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

describe('the Compose store, the other way', () => {
  it('turns around: the file just written becomes the one read back, as docker run commands', () => {
    const store = createComposeStore();
    store.setCommands('docker run -d --name web -p 8080:80 nginx:alpine');
    store.setDirection('to-run');
    expect(store.composeText.value).toBe(store.result.value!.yaml);
    expect(store.output.value).toMatchObject({
      text: 'docker run -d \\\n  --name web \\\n  -p 8080:80 \\\n  nginx:alpine\n',
      language: 'shellscript',
      label: 'docker run commands',
      fileName: 'run.sh',
      validation: { valid: true, problems: [] },
      summary: '1 command · 0 warnings',
    });
    store.setDirection('to-compose');
    expect(store.output.value).toMatchObject({
      language: 'yaml',
      fileName: 'compose.yaml',
      summary: '1 service · 1 warning',
    });
  });

  it('lists what docker run cannot say, validates the file read, and points at a problem in it', () => {
    const store = createComposeStore();
    store.setDirection('to-run');
    store.setComposeText('services:\n  web:\n    image: nginx\n    depends_on: [db]\n    bogus: 1\n');
    expect(store.warnings.value.map((w) => place(w.warning.span))).toEqual(['4:5', '5:5']);
    expect(store.output.value?.validation.valid).toBe(false);
    store.setComposeText('services:\n  web: [1,\n');
    expect(store.problem.value).toMatchObject({ input: 'commands', span: { line: 3 } });
    expect(store.stale.value).toBe(true);
  });

  it('a hand-over turns it back to docker run → Compose', () => {
    const store = createComposeStore();
    store.setDirection('to-run');
    store.receive('docker run redis');
    expect(store.direction.value).toBe('to-compose');
    expect(store.output.value?.language).toBe('yaml');
  });
});
