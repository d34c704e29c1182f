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
          try {
            // Loaded on first use, out of the view's own chunk.
            const { generateSchema } = await import('../../../core/json/schema-generator.ts');
            const schema = generateSchema([JSON.parse(body)]);
            shell.open({ kind: 'mock-schema', schema: JSON.stringify(schema, null, 2), title: from });
          } catch {
            shell.notify('The response body is not JSON, so there is no schema to mock from.');
          }
        }}
        onOpenJson={(text, title) => shell.open({ kind: 'open-json', text, title })}
      />
    </div>
  );
}
