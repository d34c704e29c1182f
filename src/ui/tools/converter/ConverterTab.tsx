import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { listTargets } from '../../../core/generators/targets.ts';
import type { RestImport } from '../../../core/http/from-curl.ts';
import type { ConvertResult, Dialect, SourceSpan } from '../../../core/index.ts';
import { CodeView } from '../../CodeView.tsx';
import { useServices } from '../../services.ts';
import { CodeInput, type Mark } from './CodeInput.tsx';
import { Converter, type ConversionResponse } from './conversion.ts';

const DIALECTS: { id: Dialect | 'auto'; label: string }[] = [
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

interface Problem {
  message: string;
  span?: SourceSpan;
}

/** How each language's generated code reads an environment variable, for the hint next to the variables. */
const ENV_LOOKUP: Record<string, (name: string) => string> = {
  javascript: (name) => `process.env.${name}`,
  python: (name) => `os.environ.get("${name}")`,
  go: (name) => `os.Getenv("${name}")`,
  rust: (name) => `std::env::var("${name}")`,
};

function where(span: SourceSpan): string {
  return `line ${span.line}, column ${span.column}`;
}

/** The curl converter: paste a command, pick a target, get code that sends the same request. */
export function ConverterTab({ incoming, target, onTargetChange, onOpenInRest }: Props) {
  const services = useServices();
  const targets = useMemo(() => listTargets(), []);
  const converter = useMemo(() => new Converter(), []);
  useEffect(() => () => converter.dispose(), [converter]);

  const [text, setText] = useState('');
  const [dialect, setDialect] = useState<Dialect | 'auto'>('auto');
  const [only, setOnly] = useState<number | undefined>(undefined);
  const [result, setResult] = useState<ConvertResult | null>(null);
  const [resultTarget, setResultTarget] = useState(target);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const validTarget = targets.some((t) => t.id === target) ? target : (targets[0]?.id ?? '');
  const targetInfo = targets.find((t) => t.id === resultTarget) ?? targets.find((t) => t.id === validTarget);

  const run = useCallback(
    async (value: string) => {
      if (value.trim() === '') {
        setResult(null);
        setProblem(null);
        return;
      }
      const response: ConversionResponse | null = await converter.convert({
        text: value,
        target: validTarget,
        dialect: dialect === 'auto' ? undefined : dialect,
        only,
      });
      if (!response) return; // a newer edit superseded this one
      if (response.ok) {
        setResult(response.result);
        setResultTarget(validTarget);
        setProblem(null);
      } else {
        // Keep the last good output on screen, and say it is stale.
        setProblem({ message: response.error.message, span: response.error.span });
      }
      setActive(null);
    },
    [converter, validTarget, dialect, only],
  );

  useEffect(() => {
    void run(text);
  }, [text, run]);

  useEffect(() => {
    if (incoming) {
      setText(incoming.text);
      setOnly(undefined);
    }
  }, [incoming]);

  const select = (span: SourceSpan, index: number) => {
    setActive(index);
    const area = input.current;
    if (!area) return;
    area.focus();
    area.setSelectionRange(span.offset, Math.max(span.offset + 1, span.end));
  };

  const copy = async () => {
    if (!result) return;
    try {
      await services.copyText(result.code);
      setStatus('Copied to the clipboard.');
    } catch (error) {
      setStatus(`Could not copy: ${(error as Error).message}`);
    }
    setTimeout(() => setStatus(''), 2500);
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
    setStatus(`Saved as request.${targetInfo.extension}.`);
    setTimeout(() => setStatus(''), 2500);
  };

  const openInRest = async () => {
    try {
      // Loaded on demand: the parser and the request preparation are not needed to draw the page.
      const [{ parseCurl }, { restRequestFromCurl }] = await Promise.all([
        import('../../../core/index.ts'),
        import('../../../core/http/from-curl.ts'),
      ]);
      const parsed = parseCurl(text, { dialect: dialect === 'auto' ? undefined : dialect });
      const request = parsed.requests[only ?? 0];
      if (request) onOpenInRest(restRequestFromCurl(request));
    } catch (error) {
      setStatus(`Cannot open: ${(error as Error).message}`);
    }
  };

  const warnings = result?.warnings ?? [];
  const marks: Mark[] = [
    ...(problem?.span ? [{ span: problem.span, kind: 'error' as const, active: true }] : []),
    ...(problem
      ? []
      : warnings.flatMap((w, i) => (w.span ? [{ span: w.span, kind: 'warning' as const, active: active === i }] : []))),
  ];
  const requests = result?.requests ?? [];

  return (
    <div class="converter">
      <div class="toolbar">
        <label class="inline">
          <span>Shell</span>
          <select
            aria-label="Shell"
            value={dialect}
            onChange={(e) => setDialect(e.currentTarget.value as Dialect | 'auto')}
          >
            {DIALECTS.map((d) => (
              <option key={d.id} value={d.id}>
                {d.id === 'auto' && result ? `Auto-detect (${DIALECT_NAMES[result.dialect]})` : d.label}
              </option>
            ))}
          </select>
        </label>
        <label class="inline">
          <span>Target</span>
          <select
            aria-label="Target language"
            value={validTarget}
            onChange={(e) => onTargetChange(e.currentTarget.value)}
          >
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
        </label>
        <span class="hint">Converts as you type · Ctrl+Enter converts now</span>
      </div>

      <div class="converter-panes">
        <section class="pane">
          <CodeInput
            ref={input}
            label="curl command"
            value={text}
            onInput={setText}
            onSubmit={() => void run(text)}
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
                <input type="radio" name="only" checked={only === undefined} onChange={() => setOnly(undefined)} /> All{' '}
                {requests.length}
              </label>
              {requests.map((r, i) => (
                <label key={i}>
                  <input type="radio" name="only" checked={only === i} onChange={() => setOnly(i)} />{' '}
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
              {status}
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
                    {targetInfo && ENV_LOOKUP[targetInfo.language] ? (
                      <>
                        {' '}
                        (<code>{ENV_LOOKUP[targetInfo.language]!(v.name)}</code>)
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
