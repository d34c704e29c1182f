import { describe, expect, it, vi } from 'vitest';
import type { ConvertResult, SourceSpan, Warning } from '../../src/core/index.ts';
import type { ConversionRequest, ConversionResponse } from '../../src/ui/tools/converter/conversion.ts';
import { runConversion } from '../../src/ui/tools/converter/run-conversion.ts';
import { createConverterStore, type ConvertFunction } from '../../src/ui/tools/converter/store.ts';

type Request = Omit<ConversionRequest, 'id'>;

/** A convert that answers only when the test says so, in any order. */
function fakeConvert() {
  const calls: { request: Request; answer: (response: ConversionResponse | null) => Promise<void> }[] = [];
  const convert: ConvertFunction = (request) =>
    new Promise((resolve) => {
      calls.push({
        request,
        answer: async (response) => {
          resolve(response);
          await settle();
        },
      });
    });
  return { convert, calls };
}

/** Lets the store's `.then` handlers run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const result = (code: string, fields: Partial<ConvertResult> = {}): ConvertResult => ({
  code,
  warnings: [],
  dialect: 'bash',
  variables: [],
  requests: [],
  ...fields,
});
const ok = (code: string, fields: Partial<ConvertResult> = {}): ConversionResponse => ({
  id: 1,
  ok: true,
  result: result(code, fields),
});
const failed = (message: string, span?: SourceSpan): ConversionResponse => ({
  id: 1,
  ok: false,
  error: { message, code: 'parse', span },
});

function setup(target = 'python-requests') {
  const fake = fakeConvert();
  const saveTarget = vi.fn<(target: string) => void>();
  const store = createConverterStore({ convert: fake.convert, settings: { target, saveTarget } });
  return { store, calls: fake.calls, saveTarget };
}

describe('converter store', () => {
  it('converts the text for the chosen target and shows the result, its warnings and the env hint', async () => {
    const { store, calls } = setup();
    store.setText("curl 'https://a.example/x'");
    expect(calls.map((c) => c.request)).toEqual([
      { text: "curl 'https://a.example/x'", target: 'python-requests', dialect: undefined, only: undefined },
    ]);
    expect(store.result.value).toBeNull();

    const warning: Warning = {
      code: 'ignored',
      message: '--cacert is ignored',
      span: { line: 1, column: 6, offset: 5, end: 13 },
    };
    await calls[0]!.answer(ok('import requests', { warnings: [warning] }));

    expect(store.result.value?.code).toBe('import requests');
    expect(store.problem.value).toBeNull();
    expect(store.warnings.value).toEqual([warning]);
    expect(store.resultTarget.value?.id).toBe('python-requests');
    expect(store.envLookup.value?.('TOKEN')).toBe('os.environ.get("TOKEN")');
  });

  it('passes the chosen shell and command, and converts again when they change', async () => {
    const { store, calls } = setup();
    store.setText('curl a ; curl b');
    store.setDialect('powershell');
    store.pickCommand(1);
    expect(calls.map((c) => [c.request.dialect, c.request.only])).toEqual([
      [undefined, undefined],
      ['powershell', undefined],
      ['powershell', 1],
    ]);
    store.setDialect('auto');
    expect(calls.at(-1)!.request.dialect).toBeUndefined();
  });

  it('keeps a parse error’s line and column, and the last good output', async () => {
    const { store, calls } = setup();
    store.setText("curl 'https://a.example/ok'");
    await calls[0]!.answer(ok('good'));
    store.setText("curl --data-rwa x 'https://a.example/ok'");
    await calls[1]!.answer(failed('unknown option --data-rwa', { line: 1, column: 6, offset: 5, end: 15 }));

    expect(store.problem.value).toEqual({
      message: 'unknown option --data-rwa',
      span: { line: 1, column: 6, offset: 5, end: 15 },
    });
    expect(store.result.value?.code).toBe('good');

    // The next good conversion clears the problem.
    store.setText("curl 'https://a.example/ok2'");
    await calls[2]!.answer(ok('good again'));
    expect(store.problem.value).toBeNull();
    expect(store.result.value?.code).toBe('good again');
  });

  it('keeps the parser’s line and column through the real conversion', async () => {
    const store = createConverterStore({
      convert: async (request) => runConversion({ ...request, id: 1 }),
      settings: { target: 'javascript-fetch', saveTarget: () => undefined },
    });
    store.setText("curl 'https://a.example/' \\\n  --data-rwa x");
    await settle();
    expect(store.problem.value?.span).toMatchObject({ line: 2, column: 3 });
    expect(store.problem.value?.message).toContain('--data-raw');
    expect(store.result.value).toBeNull();
  });

  it('ignores a stale answer, whichever order the answers arrive in', async () => {
    const { store, calls } = setup();
    store.setText('curl a');
    store.setText('curl ab');
    // The older answer arrives first: not shown, the newer one is still awaited.
    await calls[0]!.answer(ok('A'));
    expect(store.result.value).toBeNull();
    await calls[1]!.answer(ok('AB'));
    expect(store.result.value?.code).toBe('AB');

    store.setText('curl abc');
    store.setText('curl abcd');
    await calls[3]!.answer(ok('ABCD'));
    // The older answer arrives last: it must not replace the newer output, nor report its error.
    await calls[2]!.answer(failed('late'));
    expect(store.result.value?.code).toBe('ABCD');
    expect(store.problem.value).toBeNull();
  });

  it('shows nothing for an answer the worker client superseded (null)', async () => {
    const { store, calls } = setup();
    store.setText('curl a');
    await calls[0]!.answer(null);
    expect(store.result.value).toBeNull();
    expect(store.problem.value).toBeNull();
  });

  it('converts the same handed-over text twice when it is handed over twice', async () => {
    const { store, calls } = setup();
    store.setText('curl typed ; curl other');
    store.pickCommand(1);
    store.receive({ text: 'curl handed', seq: 1 });
    expect(store.text.value).toBe('curl handed');
    expect(store.only.value).toBeUndefined();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.request).toMatchObject({ text: 'curl handed', only: undefined });

    // The same hand-over seen again (a re-render) is not a new one.
    store.receive({ text: 'curl handed', seq: 1 });
    expect(calls).toHaveLength(3);

    // The same text handed over again converts again.
    store.receive({ text: 'curl handed', seq: 2 });
    expect(calls).toHaveLength(4);
    expect(calls[3]!.request.text).toBe('curl handed');
    await calls[3]!.answer(ok('handed'));
    expect(store.result.value?.code).toBe('handed');
  });

  it('converts again when the target changes, saving only the user’s choice', async () => {
    const { store, calls, saveTarget } = setup();
    store.setText('curl a');
    await calls[0]!.answer(ok('python'));

    store.setTarget('go-net-http');
    expect(store.target.value).toBe('go-net-http');
    expect(saveTarget).toHaveBeenCalledExactlyOnceWith('go-net-http');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.request).toMatchObject({ text: 'curl a', target: 'go-net-http' });
    // Until the new answer arrives, the shown code is still python's.
    expect(store.resultTarget.value?.id).toBe('python-requests');
    await calls[1]!.answer(ok('go'));
    expect(store.result.value?.code).toBe('go');
    expect(store.resultTarget.value?.id).toBe('go-net-http');
    expect(store.envLookup.value?.('TOKEN')).toBe('os.Getenv("TOKEN")');

    // Choosing the same target again does nothing.
    store.setTarget('go-net-http');
    expect(calls).toHaveLength(2);

    // The saved setting changed elsewhere: converts, is not saved back.
    store.syncTarget('rust-reqwest');
    expect(calls).toHaveLength(3);
    expect(calls[2]!.request.target).toBe('rust-reqwest');
    expect(saveTarget).toHaveBeenCalledTimes(1);
  });

  it('falls back to the first target for an unknown saved one', () => {
    const { store } = setup('no-such-target');
    expect(store.target.value).toBe(store.targets[0]!.id);
  });

  it('clears result and problem for empty text, without converting, and ignores answers still on the way', async () => {
    const { store, calls } = setup();
    store.setText('curl a');
    await calls[0]!.answer(ok('A', { warnings: [{ code: 'w', message: 'w' }] }));
    store.setText('curl --bad');
    await calls[1]!.answer(failed('bad', { line: 1, column: 6, offset: 5, end: 10 }));
    store.setText('curl b');
    expect(calls).toHaveLength(3);

    store.setText('  \n');
    expect(calls).toHaveLength(3);
    expect(store.result.value).toBeNull();
    expect(store.problem.value).toBeNull();
    expect(store.warnings.value).toEqual([]);

    await calls[2]!.answer(ok('B'));
    expect(store.result.value).toBeNull();
  });

  it('shows a status message and clears it after the given time', () => {
    vi.useFakeTimers();
    try {
      const { store } = setup();
      store.announce('Copied.', 2500);
      expect(store.status.value).toBe('Copied.');
      vi.advanceTimersByTime(2499);
      expect(store.status.value).toBe('Copied.');
      vi.advanceTimersByTime(1);
      expect(store.status.value).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
