import { useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import type { SourceSpan } from '../../../core/errors.ts';
import { CodeView } from '../../CodeView.tsx';
import { useServices } from '../../services.ts';
import type { ToolViewProps } from '../types.ts';
import { createComposeStore, place, type ComposeStore, type Direction } from './store.ts';
import './compose.css';

const PLACEHOLDER = `Paste one or more docker run commands, e.g.
docker run -d --name web -p 8080:80 \\
  -v ./html:/usr/share/nginx/html:ro nginx:alpine`;

/** docker run commands in, compose.yaml out: inputs, the YAML with its schema check, and the warnings side by side. */
export default function ComposeView({ params, setParams, inbox, active }: ToolViewProps) {
  const store = useMemo(() => createComposeStore(), []);
  const commandsRef = useRef<HTMLTextAreaElement>(null);
  const existingRef = useRef<HTMLTextAreaElement>(null);
  const toRun = store.direction.value === 'to-run';

  // The direction is part of the address: #/compose?direction=to-run.
  useLayoutEffect(
    () => store.setDirection(params.direction === 'to-run' ? 'to-run' : 'to-compose'),
    [store, params.direction],
  );
  const turn = (next: Direction) => {
    store.setDirection(next);
    setParams(next === 'to-run' ? { direction: 'to-run' } : {});
  };

  useLayoutEffect(() => {
    if (inbox?.intent.kind !== 'convert-docker-run') return;
    store.receive(inbox.intent.text);
    if (params.direction === 'to-run') setParams({});
  }, [store, inbox?.seq]);

  // "docker run to Compose" from the palette: the command box, ready to paste into.
  useEffect(() => {
    if (active && params.focus === 'input') commandsRef.current?.focus();
  }, [active, params.focus]);

  /** Selects a span in the box it belongs to, and scrolls it into view. */
  const select = (span: SourceSpan, input: 'commands' | 'existing') => {
    const area = (input === 'existing' ? existingRef : commandsRef).current;
    if (!area) return;
    area.focus();
    area.setSelectionRange(span.offset, Math.max(span.offset + 1, span.end));
    const lineHeight = 18;
    area.scrollTop = Math.max(0, (span.line - 3) * lineHeight);
  };

  const problem = store.problem.value;

  return (
    <div class="compose" data-tool="compose">
      <div class="compose-body">
        <div class="compose-inputs">
          <fieldset class="compose-direction">
            <legend class="compose-vh">Direction</legend>
            <label>
              <input type="radio" name="compose-direction" checked={!toRun} onChange={() => turn('to-compose')} />{' '}
              docker run → Compose
            </label>
            <label>
              <input type="radio" name="compose-direction" checked={toRun} onChange={() => turn('to-run')} /> Compose →
              docker run
            </label>
          </fieldset>
          {toRun ? (
            <>
              <label class="compose-label" for="compose-file">
                Compose file
              </label>
              <textarea
                ref={commandsRef}
                id="compose-file"
                class="compose-text"
                spellcheck={false}
                autoComplete="off"
                wrap="off"
                placeholder={'services:\n  web:\n    image: nginx:alpine\n    ports: ["8080:80"]'}
                value={store.composeText.value}
                onInput={(e) => store.setComposeText(e.currentTarget.value)}
              />
            </>
          ) : (
            <>
              <label class="compose-label" for="compose-commands">
                docker run commands
              </label>
              <textarea
                ref={commandsRef}
                id="compose-commands"
                class="compose-text"
                spellcheck={false}
                autoComplete="off"
                wrap="off"
                placeholder={PLACEHOLDER}
                value={store.commands.value}
                onInput={(e) => store.setCommands(e.currentTarget.value)}
              />
              <label class="compose-label" for="compose-existing">
                Existing Compose file to merge into <span class="compose-muted">(optional)</span>
              </label>
              <textarea
                ref={existingRef}
                id="compose-existing"
                class="compose-text compose-existing"
                spellcheck={false}
                autoComplete="off"
                wrap="off"
                placeholder="services: …"
                value={store.existing.value}
                onInput={(e) => store.setExisting(e.currentTarget.value)}
              />
            </>
          )}
        </div>
        <Output store={store} />
        <section class="compose-warnings" aria-labelledby="compose-warnings-title">
          <h2 id="compose-warnings-title" class="compose-heading">
            Warnings
          </h2>
          {problem && (
            <div role="alert" class="convert-error">
              <strong>
                {problem.input === 'existing' ? 'The existing file' : toRun ? 'The Compose file' : 'Error'}
                {problem.span ? ` at ${place(problem.span)}` : ''}:
              </strong>{' '}
              {problem.message}{' '}
              {problem.span && (
                <button
                  type="button"
                  class="warning-link compose-goto"
                  onClick={() => select(problem.span!, problem.input)}
                >
                  Show
                </button>
              )}
              {store.stale.value && (
                <div class="stale-note">The file shown is from the last commands that converted.</div>
              )}
            </div>
          )}
          <Warnings store={store} select={select} />
        </section>
      </div>
    </div>
  );
}

function Output({ store }: { store: ComposeStore }) {
  const services = useServices();
  const output = store.output.value;
  const toRun = store.direction.value === 'to-run';

  const copy = async () => {
    if (!output) return;
    try {
      await services.copyText(output.text);
      store.announce('Copied to the clipboard.');
    } catch (error) {
      store.announce(`Could not copy: ${(error as Error).message}`);
    }
  };

  const download = () => {
    if (!output) return;
    const type = output.language === 'yaml' ? 'application/yaml' : 'text/x-shellscript';
    const url = URL.createObjectURL(new Blob([output.text], { type: `${type};charset=utf-8` }));
    const a = document.createElement('a');
    a.href = url;
    a.download = output.fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    store.announce(`Saved as ${output.fileName}.`);
  };

  const validation = output?.validation;
  return (
    <section class="compose-output" aria-label={toRun ? 'docker run commands' : 'Compose file'}>
      <div class="compose-actions">
        <button type="button" class="secondary" onClick={() => void copy()} disabled={!output}>
          Copy
        </button>
        <button type="button" class="secondary" onClick={download} disabled={!output}>
          Download
        </button>
        {!toRun && (
          <label class="compose-check">
            <input
              type="checkbox"
              checked={store.comments.value}
              onChange={(e) => store.setComments(e.currentTarget.checked)}
            />{' '}
            Warnings as YAML comments
          </label>
        )}
        <span class="compose-muted compose-summary">{store.summary.value}</span>
        <span role="status" class="compose-muted">
          {store.status.value}
        </span>
      </div>
      {output ? (
        <CodeView code={output.text} language={output.language} label={output.label} />
      ) : toRun ? (
        <div class="compose-empty">
          <p>
            Paste a Compose file: each service becomes a <code>docker run</code> command, its networks are created
            first, and what <code>docker run</code> cannot do (build, depends_on, replicas…) is listed as a warning.
          </p>
        </div>
      ) : (
        <div class="compose-empty">
          <p>
            Paste <code>docker run</code> commands (also <code>docker create</code>, <code>podman run</code>; bash, cmd
            or PowerShell, with continuations and <code>$</code> prompts). Each becomes a service.
          </p>
          <button type="button" class="secondary" onClick={() => store.loadExample()}>
            Try an example
          </button>
        </div>
      )}
      {validation && (
        <div
          class={`compose-validation ${validation.valid ? 'ok' : 'bad'}`}
          role="status"
          aria-label="Schema validation"
        >
          {validation.valid ? (
            <span>✓ {toRun ? 'The Compose file is valid' : 'Valid'} against the Compose Specification schema.</span>
          ) : (
            <>
              <span>
                ✗ The Compose Specification schema finds {validation.problems.length === 1 ? 'a problem' : 'problems'}
                {toRun ? ' in the Compose file' : ''}:
              </span>
              <ul>
                {validation.problems.map((p) => (
                  <li key={`${p.path} ${p.message}`}>
                    <code>{p.path}</code>: {p.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

function Warnings({
  store,
  select,
}: {
  store: ComposeStore;
  select: (span: SourceSpan, input: 'commands' | 'existing') => void;
}) {
  const warnings = store.warnings.value;
  if (!store.output.value || store.stale.value) return null;
  if (warnings.length === 0) {
    return (
      <p class="compose-muted">
        None:{' '}
        {store.direction.value === 'to-run'
          ? 'docker run can say all of it'
          : 'every option has its Compose equivalent'}
        .
      </p>
    );
  }
  return (
    <ul class="compose-warning-list" aria-label="Warnings">
      {warnings.map(({ warning }, i) => (
        <li key={i}>
          {warning.span ? (
            <button type="button" class="warning-link" onClick={() => select(warning.span!, 'commands')}>
              <span class="where">{place(warning.span)}</span> {warning.message}
            </button>
          ) : (
            <span>{warning.message}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
