/** Postman environment files in and out: the Import button and the Export controls. */
import type { ManagerSession } from './rest-env-store.ts';

/** Chooses a Postman environment file (or a list of them) to add. */
export function ImportButton({ session }: { session: ManagerSession }) {
  return (
    <label class="secondary small file-button">
      Import…
      <input
        type="file"
        accept=".json,application/json"
        aria-label="Import Postman environment"
        onChange={(e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          void session.importFile(file);
          // Lets the same file be chosen again after fixing it (the File read stays valid).
          input.value = '';
        }}
      />
    </label>
  );
}

/** Offers the selected environment as a Postman file, its secret values only when asked. */
export function ExportControls({ session }: { session: ManagerSession }) {
  return (
    <span class="env-export">
      <button type="button" class="secondary small" onClick={() => void session.exportSelected()}>
        Export
      </button>
      <label class="check">
        <input
          type="checkbox"
          checked={session.includeSecrets.value}
          onChange={(e) => (session.includeSecrets.value = e.currentTarget.checked)}
        />
        Include secret values
      </label>
    </span>
  );
}
