import { useEffect, useRef } from 'preact/hooks';
import type { RestImport } from '../../../core/http/from-curl.ts';
import type { Dialect, SourceSpan } from '../../../core/index.ts';
import { CodeView } from '../../CodeView.tsx';
import { useServices } from '../../services.ts';
import { CodeInput, type Mark } from './CodeInput.tsx';
import type { DialectChoice } from './store.ts';
import { useConverterStore } from './use-converter-store.ts';
import { TargetPicker } from '../../components/TargetPicker.tsx';

const DIALECTS: { id: DialectChoice; label: string }[] = [
  { id: 'auto', label: 'Auto-detect' },
  { id: 'bash', label: 'bash / POSIX' },
  { id: 'cmd', label: 'Windows cmd' },
  { id: 'powershell', label: 'PowerShell' },
];
const DIALECT_NAMES: Record<Dialect, string> = { bash: 'bash', cmd: 'Windows cmd', powershell: 'PowerShell' };

interface Props {
  /** Text handed over from outside (context menu, popup); converted when it changes. */
  incoming?: { text: string; seq: number };
  target: string;
  onTargetChange: (target: string) => void;
  onOpenInRest: (imported: RestImport) => void;
}

function where(span: SourceSpan): string {
  return `line ${span.line}, column ${span.column}`;
}

/** The curl converter: paste a command, pick a target, get code that sends the same request. */
export function ConverterTab({ incoming, target, onTargetChange, onOpenInRest }: Props) {
  const services = useServices();
  const store = useConverterStore(target, onTargetChange);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (incoming) store.receive(incoming);
  }, [store, incoming]);

  const text = store.text.value;
  const dialect = store.dialect.value;
  const only = store.only.value;
  const result = store.result.value;
  const problem = store.problem.value;
  const active = store.active.value;
  const targetInfo = store.resultTarget.value;
  const envLookup = store.envLookup.value;
  const warnings = store.warnings.value;
  const requests = store.requests.value;

  const select = (span: SourceSpan, index: number) => {
    store.selectWarning(index);
    const area = input.current;
    if (!area) return;
    area.focus();
    area.setSelectionRange(span.offset, Math.max(span.offset + 1, span.end));
  };

  const copy = async () => {
    if (!result) return;
    try {
      await services.copyText(result.code);
      store.announce('Copied to the clipboard.', 2500);
    } catch (error) {
      store.announce(`Could not copy: ${(error as Error).message}`, 2500);
    }
  };

  const download = () => {
    if (!result || !targetInfo) return;
    const blob = new Blob([result.code], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `request.${targetInfo.extension}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    store.announce(`Saved as request.${targetInfo.extension}.`, 2500);
  };

  const openInRest = async () => {
    try {
      // Loaded on demand: the parser and the request preparation are not needed to draw the page.
      const [{ parseCurl }, { restRequestFromCurl }] = await Promise.all([
        import('../../../core/curl/parse.ts'),
        import('../../../core/http/from-curl.ts'),
      ]);
      const parsed = parseCurl(text, { dialect: dialect === 'auto' ? undefined : dialect });
      const request = parsed.requests[only ?? 0];
      if (request) onOpenInRest(restRequestFromCurl(request));
    } catch (error) {
      store.announce(`Cannot open: ${(error as Error).message}`);
    }
  };

  const marks: Mark[] = [
    ...(problem?.span ? [{ span: problem.span, kind: 'error' as const, active: true }] : []),
    ...(problem
      ? []
      : warnings.flatMap((w, i) => (w.span ? [{ span: w.span, kind: 'warning' as const, active: active === i }] : []))),
  ];

  return (
    <div class="converter">
      <div class="toolbar">
        <label class="inline">
          <span>Shell</span>
          <select
            aria-label="Shell"
            value={dialect}
            onChange={(e) => store.setDialect(e.currentTarget.value as DialectChoice)}
          >
            {DIALECTS.map((d) => (
              <option key={d.id} value={d.id}>
                {d.id === 'auto' && result ? `Auto-detect (${DIALECT_NAMES[result.dialect]})` : d.label}
              </option>
            ))}
          </select>
        </label>
        <span class="inline">
          <span aria-hidden="true">Target</span>
          <TargetPicker
            label="Target language"
            targets={store.targets}
            value={store.target.value}
            onChange={(id) => store.setTarget(id)}
          />
        </span>
        <span class="hint">Converts as you type · Ctrl+Enter converts now</span>
      </div>

      <div class="converter-panes">
        <section class="pane">
          <CodeInput
            ref={input}
            label="curl command"
            value={text}
            onInput={store.setText}
            onSubmit={store.convertNow}
            marks={marks}
            placeholder={
              "Paste a curl command, e.g.\ncurl 'https://api.example.com/items' -H 'Accept: application/json'"
            }
          />
          {result && (
            <p class="detected" aria-live="polite">
              Detected shell: <strong>{DIALECT_NAMES[result.dialect]}</strong>
              {requests.length > 1 && ` · ${requests.length} requests`}
            </p>
          )}
          {requests.length > 1 && (
            <fieldset class="commands">
              <legend>Commands</legend>
              <label>
                <input
                  type="radio"
                  name="only"
                  checked={only === undefined}
                  onChange={() => store.pickCommand(undefined)}
                />{' '}
                All {requests.length}
              </label>
              {requests.map((r, i) => (
                <label key={i}>
                  <input type="radio" name="only" checked={only === i} onChange={() => store.pickCommand(i)} />{' '}
                  <code>
                    {r.method} {r.url}
                  </code>
                </label>
              ))}
            </fieldset>
          )}
        </section>

        <section class="pane output-pane" aria-label="Generated code">
          <div class="output-actions">
            <button type="button" class="secondary" onClick={() => void copy()} disabled={!result}>
              Copy
            </button>
            <button type="button" class="secondary" onClick={download} disabled={!result}>
              Download{targetInfo ? ` .${targetInfo.extension}` : ''}
            </button>
            <button type="button" class="secondary" onClick={openInRest} disabled={!result || problem !== null}>
              Open in REST Client
            </button>
            <span role="status" class="saved">
              {store.status.value}
            </span>
          </div>
          {problem && (
            <div role="alert" class="convert-error">
              <strong>{problem.span ? `Error at ${where(problem.span)}: ` : 'Error: '}</strong>
              {problem.message}
              {result && <div class="stale-note">The code below is from the last command that converted.</div>}
            </div>
          )}
          {result ? (
            <CodeView
              code={result.code}
              language={targetInfo?.language ?? 'text'}
              label={`${targetInfo?.title ?? ''} code`}
            />
          ) : (
            !problem && (
              <p class="empty">
                Paste a curl command (bash, cmd or PowerShell “Copy as cURL”) to get code that sends the same request.
              </p>
            )
          )}
          {result && result.variables.length > 0 && (
            <div class="variables">
              <h3>Shell variables</h3>
              <ul aria-label="Variables">
                {result.variables.map((v) => (
                  <li key={v.name}>
                    <code>{v.source}</code> is read from the environment variable <code>{v.name}</code> when the code
                    runs
                    {envLookup ? (
                      <>
                        {' '}
                        (<code>{envLookup(v.name)}</code>)
                      </>
                    ) : null}
                    {v.kind === 'command' ? '; the command itself is never run' : ''}. Set it before running, e.g.{' '}
                    <code>export {v.name}=…</code>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {warnings.length > 0 && !problem && (
            <div class="warnings">
              <h3>Warnings</h3>
              <ul aria-label="Warnings">
                {warnings.map((w, i) => (
                  <li key={i}>
                    {w.span ? (
                      <button type="button" class="warning-link" onClick={() => select(w.span!, i)}>
                        <span class="where">{where(w.span)}</span> {w.message}
                      </button>
                    ) : (
                      <span>{w.message}</span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
