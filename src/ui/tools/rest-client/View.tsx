import { useEffect, useRef, useState } from 'preact/hooks';
import type { RestImport } from '../../../core/http/from-curl.ts';
import { useWorkspaceSettings } from '../../theme.ts';
import type { ToolViewProps } from '../types.ts';
import { RestClientTab } from './RestClientTab.tsx';

/** The REST client in the workspace: requests handed over arrive as `open-request` intents. */
export default function RestClientView({ shell, inbox, params, active }: ToolViewProps) {
  const settings = useWorkspaceSettings();
  const root = useRef<HTMLDivElement>(null);
  const [imported, setImported] = useState<(RestImport & { seq: number }) | undefined>(undefined);

  useEffect(() => {
    if (inbox?.intent.kind === 'open-request') setImported({ ...inbox.intent.request, seq: inbox.seq });
  }, [inbox]);

  // "New request" from the palette: the URL box, ready to type into.
  useEffect(() => {
    if (active && params.focus === 'url') root.current?.querySelector<HTMLElement>('input[aria-label="URL"]')?.focus();
  }, [active, params.focus]);

  return (
    <div ref={root} class="tool-root">
      <RestClientTab
        settings={settings}
        imported={imported}
        onStatusClick={(code) => shell.open({ kind: 'show-status', code })}
        onMock={async (body, from) => {
          let value: unknown;
          try {
            value = JSON.parse(body);
          } catch {
            shell.notify('The response body is not JSON, so there is no schema to mock from.');
            return;
          }
          // Loaded on first use, out of the view's own chunk; a failed load is not the body's fault.
          const loaded = await import('../../../core/json/schema-generator.ts').catch(() => null);
          if (!loaded) {
            shell.notify('The schema generator could not be loaded; reload the page and try again.');
            return;
          }
          let schema: unknown;
          try {
            schema = loaded.generateSchema([value]);
          } catch (error) {
            shell.notify(`No schema could be inferred from the response body: ${(error as Error).message}`);
            return;
          }
          shell.open({ kind: 'mock-schema', schema: JSON.stringify(schema, null, 2), title: from });
        }}
        onOpenJson={(text, title) => shell.open({ kind: 'open-json', text, title })}
      />
    </div>
  );
}
