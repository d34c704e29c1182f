import { useEffect, useRef, useState } from 'preact/hooks';
import { useServices } from '../../services.ts';
import { useWorkspaceSettings } from '../../theme.ts';
import type { ToolViewProps } from '../types.ts';
import { ConverterTab } from './ConverterTab.tsx';

/** The converter in the workspace: commands handed over arrive as `convert-command` intents. */
export default function ConverterView({ shell, params, inbox, active }: ToolViewProps) {
  const services = useServices();
  const settings = useWorkspaceSettings();
  const root = useRef<HTMLDivElement>(null);
  const [incoming, setIncoming] = useState<{ text: string; seq: number } | undefined>(undefined);

  useEffect(() => {
    if (inbox?.intent.kind === 'convert-command') setIncoming({ text: inbox.intent.text, seq: inbox.seq });
  }, [inbox]);

  // "Convert curl" from the palette: the command box, ready to paste into.
  useEffect(() => {
    if (active && params.focus === 'input') root.current?.querySelector<HTMLElement>('textarea')?.focus();
  }, [active, params.focus]);

  return (
    <div ref={root} class="tool-root">
      <ConverterTab
        incoming={incoming}
        target={settings.converterTarget}
        onTargetChange={(target) => void services.settings.update({ converterTarget: target })}
        onOpenInRest={(request) => shell.open({ kind: 'open-request', request })}
      />
    </div>
  );
}
