import { toolsFor } from './tools/catalog.ts';
import { CodeView } from './CodeView.tsx';
import { useConverterStore } from './tools/converter/use-converter-store.ts';
import { useServices } from './services.ts';
import { useSettings } from './theme.ts';
import { TargetPicker } from './components/TargetPicker.tsx';

/** The toolbar popup: a compact converter (paste, pick target, copy) and a way into the full workspace. */
export function Popup({ onDone }: { onDone: () => void }) {
  const services = useServices();
  const settings = useSettings(services);
  const store = useConverterStore(
    settings.converterTarget,
    (target) => void services.settings.update({ converterTarget: target }),
  );
  const text = store.text.value;
  const result = store.result.value;
  const problem = store.problem.value;
  const info = store.resultTarget.value;
  const error = problem
    ? problem.span
      ? `Line ${problem.span.line}, column ${problem.span.column}: ${problem.message}`
      : problem.message
    : null;

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
        onInput={(e) => store.setText(e.currentTarget.value)}
      />
      <TargetPicker
        label="Target language"
        targets={store.targets}
        value={store.target.value}
        onChange={(id) => store.setTarget(id)}
      />
      {error && (
        <p role="alert" class="field-error">
          {error}
        </p>
      )}
      {result && info && <CodeView code={result.code} language={info.language} label={`${info.title} code`} />}
      <div class="output-actions">
        <button
          type="button"
          class="secondary"
          disabled={!result}
          onClick={async () => {
            if (!result) return;
            await services.copyText(result.code).then(
              () => store.announce('Copied.'),
              (e: Error) => store.announce(`Could not copy: ${e.message}`),
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
          {store.status.value}
        </span>
      </div>
      <nav aria-label="Tools" class="popup-tools">
        {toolsFor('popup', false).map((tool) => (
          <button
            key={tool.id}
            type="button"
            class="link-button"
            title={tool.description}
            onClick={async () => {
              await services.openWorkspace(tool.id);
              onDone();
            }}
          >
            <span aria-hidden="true" class="tool-icon">
              {tool.icon}
            </span>
            {tool.title}
          </button>
        ))}
      </nav>
      <button type="button" class="link-button" onClick={() => void services.openOptions()}>
        Settings
      </button>
    </main>
  );
}
