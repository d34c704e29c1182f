import { useServices } from '../../services.ts';
import type { ToolViewProps } from '../types.ts';
import { CapturedTab } from './CapturedTab.tsx';

/** The inspected page's requests (only inside DevTools, where the registry shows this tool). */
export default function CapturedView({ shell }: ToolViewProps) {
  const services = useServices();
  if (!services.inspected) return <p class="empty">Captured requests are shown inside DevTools only.</p>;
  return (
    <CapturedTab
      network={services.inspected}
      onEditAndResend={(request) => shell.open({ kind: 'open-request', request })}
      onConvert={(text) => shell.open({ kind: 'convert-command', text })}
      copyText={(text) => services.copyText(text)}
    />
  );
}
