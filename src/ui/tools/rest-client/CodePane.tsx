import { listTargets } from '../../../core/generators/targets.ts';
import { TargetPicker } from '../../components/TargetPicker.tsx';
import { CodeView } from '../../CodeView.tsx';
import { useServices } from '../../services.ts';
import type { CodeStore } from './rest-code-store.ts';
import { useState } from 'preact/hooks';

const TARGETS = listTargets();

/**
 * The request being edited as code, following every edit: a target menu,
 * Copy and Download, the generator's warnings. Variables are read from the
 * environment by the program; no secret value is in it.
 */
export function CodePane({ store }: { store: CodeStore }) {
  const services = useServices();
  const [message, setMessage] = useState('');
  const result = store.result.value;
  const target = TARGETS.find((t) => t.id === store.targetId.value) ?? TARGETS[0]!;
  const code = result && 'code' in result ? result.code : null;
  return (
    <section class="code-pane" aria-label="Request as code">
      <div class="code-pane-tools">
        <span class="inline">
          <span aria-hidden="true">Code target</span>
          <TargetPicker
            label="Code target"
            targets={TARGETS}
            value={target.id}
            onChange={(id) => void store.setTarget(id)}
          />
        </span>
        <button
          type="button"
          class="secondary small"
          disabled={code === null}
          onClick={() =>
            code !== null &&
            void services.copyText(code).then(
              () => setMessage('Code copied.'),
              (error: Error) => setMessage(`Could not copy: ${error.message}`),
            )
          }
        >
          Copy code
        </button>
        <button
          type="button"
          class="secondary small"
          disabled={code === null}
          onClick={() => code !== null && void services.downloadFile(`request.${target.extension}`, 'text/plain', code)}
        >
          Download code
        </button>
        <span role="status" class="meta">
          {message}
        </span>
      </div>
      {result === null ? (
        <p class="meta">Loading the code generators…</p>
      ) : 'error' in result ? (
        <p class="part-note" role="note">
          {result.error}
        </p>
      ) : (
        <>
          <CodeView code={result.code} language={target.language} label="Request code" />
          {result.warnings.length > 0 && (
            <ul class="code-warnings" aria-label="Code warnings">
              {result.warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
