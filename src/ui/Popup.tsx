import { useEffect, useMemo, useState } from 'preact/hooks';
import { listTargets } from '../core/generators/targets.ts';
import type { ConvertResult } from '../core/index.ts';
import { CodeView } from './CodeView.tsx';
import { Converter } from './tools/converter/conversion.ts';
import { useServices } from './services.ts';
import { useSettings } from './theme.ts';

/** The toolbar popup: a compact converter (paste, pick target, copy) and a way into the full workspace. */
export function Popup({ onDone }: { onDone: () => void }) {
  const services = useServices();
  const settings = useSettings(services);
  const targets = useMemo(() => listTargets(), []);
  const converter = useMemo(() => new Converter(), []);
  useEffect(() => () => converter.dispose(), [converter]);
  const [text, setText] = useState('');
  const [result, setResult] = useState<ConvertResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const target = targets.some((t) => t.id === settings.converterTarget) ? settings.converterTarget : targets[0]!.id;
  const info = targets.find((t) => t.id === target)!;

  useEffect(() => {
    if (text.trim() === '') {
      setResult(null);
      setError(null);
      return;
    }
    void converter.convert({ text, target }).then((response) => {
      if (!response) return;
      if (response.ok) {
        setResult(response.result);
        setError(null);
      } else {
        setError(
          response.error.span
            ? `Line ${response.error.span.line}, column ${response.error.span.column}: ${response.error.message}`
            : response.error.message,
        );
      }
    });
  }, [text, target, converter]);

  return (
    <main class="popup">
      <strong>HTTP Workbench</strong>
      <textarea
        class="code-input"
        aria-label="curl command"
        rows={5}
        spellcheck={false}
        placeholder="Paste a curl command"
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <select
        aria-label="Target language"
        value={target}
        onChange={(e) => void services.settings.update({ converterTarget: e.currentTarget.value })}
      >
        {targets.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" class="field-error">
          {error}
        </p>
      )}
      {result && <CodeView code={result.code} language={info.language} label={`${info.title} code`} />}
      <div class="output-actions">
        <button
          type="button"
          class="secondary"
          disabled={!result}
          onClick={async () => {
            if (!result) return;
            await services.copyText(result.code).then(
              () => setStatus('Copied.'),
              (e: Error) => setStatus(`Could not copy: ${e.message}`),
            );
          }}
        >
          Copy
        </button>
        <button
          type="button"
          class="primary"
          onClick={async () => {
            if (text.trim() !== '') await services.openWorkspaceWith(text);
            else await services.openWorkspace();
            onDone();
          }}
        >
          Open workspace
        </button>
        <span role="status" class="saved">
          {status}
        </span>
      </div>
      <button type="button" class="link-button" onClick={() => void services.openOptions()}>
        Settings
      </button>
    </main>
  );
}
