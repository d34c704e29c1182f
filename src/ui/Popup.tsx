import { useServices } from './services.ts';
import { useSettings } from './theme.ts';

/** The toolbar popup: opens the full workspace in a tab. */
export function Popup({ onDone }: { onDone: () => void }) {
  const services = useServices();
  useSettings(services);
  return (
    <main class="popup">
      <strong>HTTP Workbench</strong>
      <button
        type="button"
        class="primary"
        onClick={async () => {
          await services.openWorkspace();
          onDone();
        }}
      >
        Open workspace
      </button>
      <button type="button" class="secondary" onClick={() => void services.openOptions()}>
        Settings
      </button>
    </main>
  );
}
