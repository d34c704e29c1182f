import { useEffect, useRef, useState } from 'preact/hooks';
import { makeBackup, parseBackup } from '../core/data/backup.ts';
import { EMPTY_ENVIRONMENTS } from '../core/env/state.ts';
import { toHar } from '../core/history/har.ts';
import { DEFAULT_SETTINGS } from '../core/settings.ts';
import {
  backupImportMessage,
  countOf,
  datedFileName,
  formatBytes,
  harLookup,
  mergeBackupEnvironments,
  type EnvironmentsMerge,
} from './data-helpers.ts';
import { useServices } from './services.ts';
import './tools/rest-client/environments.css';

interface Props {
  /** The extension's version, written into HAR files as the creator's. */
  creatorVersion?: string;
}

interface Facts {
  bytes: number | null;
  entries: number | null;
  environments: number | null;
}

type Clearing = 'history' | 'environments' | 'settings';

const CONFIRM: Record<Clearing, { question: string; action: string; button: string }> = {
  history: { question: 'Delete all history, including pinned entries?', action: 'Delete', button: 'Clear history' },
  environments: {
    question: 'Delete all environments and global variables?',
    action: 'Delete',
    button: 'Clear environments',
  },
  settings: { question: 'Reset every setting to its default?', action: 'Reset', button: 'Reset settings' },
};

/** A backup is rarely more than a few megabytes; this keeps a wrong pick from freezing the page. */
const MAX_BACKUP_BYTES = 200 * 1024 * 1024;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The options page's "Your data": what is stored, export and import of
 * everything, a HAR of the history, and clearing each kind of data.
 */
export function DataSection({ creatorVersion = '0.0.0' }: Props) {
  const services = useServices();
  const [facts, setFacts] = useState<Facts>({ bytes: null, entries: null, environments: null });
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [notices, setNotices] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState<Clearing | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const clearRefs = useRef<Partial<Record<Clearing, HTMLButtonElement | null>>>({});
  const live = useRef(true);
  const busyRef = useRef(false);

  const refresh = async () => {
    const [bytes, entries, environments] = await Promise.all([
      services.storageBytesInUse().catch(() => null),
      services.history
        .list()
        .then((r) => r.summaries.length)
        .catch(() => null),
      services.environments
        .load()
        .then((r) => r.state.environments.length)
        .catch(() => null),
    ]);
    if (live.current) setFacts({ bytes, entries, environments });
  };
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    live.current = true;
    void refreshRef.current();
    const again = () => void refreshRef.current();
    const unsubscribe = [
      services.history.subscribe(again),
      services.environments.subscribe(again),
      services.settings.subscribe(again),
    ];
    return () => {
      live.current = false;
      for (const stop of unsubscribe) stop();
    };
  }, [services]);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  /** Runs one action: clears the old messages, shows its error, refreshes the facts afterwards. */
  const run = async (what: string, task: () => Promise<void>) => {
    // One action at a time; buttons stay enabled (and focusable) meanwhile.
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setStatus('');
    setNotices([]);
    setError('');
    try {
      await task();
    } catch (e) {
      setError(`${what}: ${messageOf(e)}`);
    } finally {
      busyRef.current = false;
      setBusy(false);
      void refresh();
    }
  };

  const exportEverything = () =>
    run('Could not export', async () => {
      const now = new Date();
      const [history, environments, settings] = await Promise.all([
        services.history.exportAll(),
        services.environments.load(),
        services.settings.load(),
      ]);
      const backup = makeBackup(
        { settings, environments: environments.state, history: history.entries },
        { includeSecrets, now },
      );
      await services.downloadFile(
        datedFileName('http-workbench-backup', 'json', now),
        'application/json',
        JSON.stringify(backup, null, 2),
      );
      setNotices([...history.notices, ...environments.notices]);
      setStatus(
        `Exported ${countOf(backup.history.length, 'history entry', 'history entries')}, ` +
          `${countOf(backup.environments.environments.length, 'environment', 'environments')} and the settings` +
          `${includeSecrets ? ', secret values included' : ', secret values left out'}.`,
      );
    });

  const importBackup = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    return run(`Could not import "${file.name}"`, async () => {
      let parsed: ReturnType<typeof parseBackup>;
      try {
        if (file.size > MAX_BACKUP_BYTES) {
          throw new Error(`it is ${Math.round(file.size / 1024 / 1024)} MB, larger than any backup this page reads.`);
        }
        const text = await file.text();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (e) {
          throw new Error(`Not valid JSON: ${messageOf(e)}`, { cause: e });
        }
        // Everything is read and checked before anything is changed.
        parsed = parseBackup(json);
      } finally {
        // Lets the same file be chosen again.
        input.value = '';
      }
      const { backup } = parsed;
      const done: string[] = [];
      try {
        let merge: EnvironmentsMerge | undefined;
        await services.environments.update((state) => {
          merge = mergeBackupEnvironments(state, backup.environments);
          return merge.state;
        });
        done.push('the environments');
        const history = await services.history.importEntries(backup.history);
        done.push('the history');
        await services.settings.save(backup.settings);
        setNotices([...parsed.notices, ...history.notices]);
        setStatus(
          backupImportMessage({ historyAdded: history.added, historyPresent: history.skipped, environments: merge! }),
        );
      } catch (e) {
        // Say what did land, so a second try is not a surprise.
        const landed = done.length > 0 ? ` (already imported: ${done.join(' and ')})` : '';
        setNotices(parsed.notices);
        throw new Error(`${messageOf(e)}${landed}`, { cause: e });
      }
    });
  };

  const exportHar = () =>
    run('Could not export the history', async () => {
      const now = new Date();
      const [history, environments] = await Promise.all([services.history.exportAll(), services.environments.load()]);
      const state = environments.state;
      // Without secrets, values of secret variables written literally into a request are
      // replaced by their {{name}}, exactly as in a backup.
      const entries = includeSecrets
        ? history.entries
        : makeBackup(
            { settings: DEFAULT_SETTINGS, environments: state, history: history.entries },
            { includeSecrets: false, now },
          ).history;
      const har = toHar(entries, { creatorVersion, lookup: harLookup(state, includeSecrets) });
      await services.downloadFile(
        datedFileName('http-workbench-history', 'har', now),
        'application/json',
        JSON.stringify(har, null, 2),
      );
      setNotices([...history.notices, ...environments.notices]);
      setStatus(
        `Exported ${countOf(entries.length, 'history entry', 'history entries')} as HAR` +
          `${includeSecrets ? ', secret values included' : ', secret values left out'}.`,
      );
    });

  const clear = (what: Clearing) =>
    run(what === 'settings' ? 'Could not reset the settings' : `Could not clear the ${what}`, async () => {
      if (what === 'history') {
        const count = await services.history.clear({ keepPinned: false });
        setStatus(`Deleted ${countOf(count, 'history entry', 'history entries')}.`);
      } else if (what === 'environments') {
        let environments = 0;
        let globals = 0;
        await services.environments.update((state) => {
          environments = state.environments.length;
          globals = state.globals.length;
          return EMPTY_ENVIRONMENTS;
        });
        setStatus(
          `Deleted ${countOf(environments, 'environment', 'environments')} and ` +
            `${countOf(globals, 'global variable', 'global variables')}.`,
        );
      } else {
        await services.settings.save(DEFAULT_SETTINGS);
        setStatus('Every setting is back to its default.');
      }
    });

  const closeConfirm = (what: Clearing) => {
    setConfirming(null);
    setTimeout(() => clearRefs.current[what]?.focus());
  };

  const secrets = includeSecrets ? 'with' : 'without';
  return (
    <section class="data-section" aria-labelledby="data-heading" aria-busy={busy}>
      <h2 id="data-heading">Your data</h2>
      <p class="option-hint">Everything is kept in this browser only, in the extension's local storage.</p>
      <fieldset>
        <legend>Storage</legend>
        <dl class="data-facts">
          <dt>Storage used</dt>
          <dd>
            {formatBytes(facts.bytes)}
            {facts.bytes !== null && facts.bytes >= 1024 && (
              <span class="meta"> ({facts.bytes.toLocaleString('en-US')} bytes)</span>
            )}
          </dd>
          <dt>History entries</dt>
          <dd>{facts.entries ?? 'unknown'}</dd>
          <dt>Environments</dt>
          <dd>{facts.environments ?? 'unknown'}</dd>
        </dl>
      </fieldset>
      <fieldset>
        <legend>Export and import</legend>
        <label class="check">
          <input
            type="checkbox"
            checked={includeSecrets}
            onChange={(e) => setIncludeSecrets(e.currentTarget.checked)}
          />
          Include secret values
        </label>
        {includeSecrets && (
          <p class="data-warning">Exported files will hold your secret values in plain text: keep them private.</p>
        )}
        <div class="data-actions">
          <button
            type="button"
            class="secondary"
            title={`Settings, environments (${secrets} secret values) and history, as one JSON file`}
            onClick={() => void exportEverything()}
          >
            Export everything
          </button>
          <label class="secondary file-button">
            Import backup…
            <input
              type="file"
              accept=".json,application/json"
              aria-label="Import backup"
              onChange={(e) => void importBackup(e.currentTarget)}
            />
          </label>
          <button
            type="button"
            class="secondary"
            title={`The history as an HTTP Archive, {{variables}} filled in ${secrets} secret values`}
            onClick={() => void exportHar()}
          >
            Export history as HAR
          </button>
        </div>
        <p class="option-hint">
          Importing a backup adds its history and environments to yours (nothing of yours is overwritten) and replaces
          the settings.
        </p>
      </fieldset>
      <fieldset>
        <legend>Clear data</legend>
        <div class="data-actions">
          {(Object.keys(CONFIRM) as Clearing[]).map((what) =>
            confirming === what ? (
              <span key={what} class="confirm-row" role="group" aria-label={CONFIRM[what].button}>
                <span>{CONFIRM[what].question}</span>
                <button
                  type="button"
                  class="secondary danger"
                  onClick={() => {
                    closeConfirm(what);
                    void clear(what);
                  }}
                >
                  {CONFIRM[what].action}
                </button>
                <button ref={cancelRef} type="button" class="secondary" onClick={() => closeConfirm(what)}>
                  Cancel
                </button>
              </span>
            ) : (
              <button
                key={what}
                ref={(el) => {
                  clearRefs.current[what] = el;
                }}
                type="button"
                class="secondary"
                onClick={() => setConfirming(what)}
              >
                {CONFIRM[what].button}
              </button>
            ),
          )}
        </div>
      </fieldset>
      <p class="saved" role="status" aria-label="Data status">
        {status}
      </p>
      {notices.length > 0 && (
        <ul class="data-notices">
          {notices.map((notice, i) => (
            <li key={i}>{notice}</li>
          ))}
        </ul>
      )}
      <p class="data-error" role="alert" aria-label="Data problem">
        {error}
      </p>
    </section>
  );
}
