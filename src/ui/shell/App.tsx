import { useEffect, useRef, useState } from 'preact/hooks';
import type { RestImport } from '../../core/http/from-curl.ts';
import { CapturedTab } from '../tools/captured/CapturedTab.tsx';
import { ConverterTab } from '../tools/converter/ConverterTab.tsx';
import { RestClientTab } from '../tools/rest-client/RestClientTab.tsx';
import { useServices } from '../services.ts';
import { useSettings } from '../theme.ts';

const ALL_TABS = [
  { id: 'converter', label: 'Converter' },
  { id: 'rest', label: 'REST Client' },
  /** Only inside DevTools, where the inspected page's requests are known. */
  { id: 'captured', label: 'Captured' },
] as const;
type TabId = (typeof ALL_TABS)[number]['id'];

/** The workspace: the same page in the DevTools panel and in a tab. */
export function App() {
  const services = useServices();
  const settings = useSettings(services);
  const tabs = ALL_TABS.filter((tab) => tab.id !== 'captured' || services.inspected);
  const [active, setActive] = useState<TabId>('converter');
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const [incoming, setIncoming] = useState<{ text: string; seq: number } | undefined>(undefined);
  /** Numbers each command handed to the converter, so the same text handed twice converts twice. */
  const seqRef = useRef(0);
  const [imported, setImported] = useState<(RestImport & { seq: number }) | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);

  // A command handed over by the context menu or the popup: convert it at once.
  useEffect(() => {
    const take = () =>
      void services
        .takeHandoff()
        .then((handoff) => {
          if (handoff === null) return;
          setActive('converter');
          if ('text' in handoff) {
            setNotice(null);
            setIncoming({ text: handoff.text, seq: ++seqRef.current });
          } else setNotice(handoff.notice);
        })
        .catch(() => undefined);
    take();
    addEventListener('hashchange', take);
    return () => removeEventListener('hashchange', take);
  }, [services]);

  // Arrow keys move between tabs, as the ARIA tabs pattern asks.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    setActive(next.id);
    tabRefs.current[next.id]?.focus();
  };

  return (
    <div class="app">
      <header class="app-header">
        <h1 class="brand">
          <span class="brand-mark" aria-hidden="true">
            ⇄
          </span>
          HTTP Workbench
        </h1>
        <div role="tablist" aria-label="Tools" class="tabs" onKeyDown={onKeyDown}>
          {tabs.map((tab) => (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[tab.id] = el;
              }}
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={active === tab.id}
              aria-controls={`panel-${tab.id}`}
              tabIndex={active === tab.id ? 0 : -1}
              class="tab"
              onClick={() => setActive(tab.id)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <button type="button" class="link-button" onClick={() => void services.openOptions()}>
          Settings
        </button>
      </header>
      {notice && (
        <div role="alert" class="notice">
          {notice}
          <button type="button" class="icon-button" aria-label="Dismiss" onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      )}
      {tabs.map((tab) => (
        <section
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={active !== tab.id}
          class="tab-panel"
        >
          {tab.id === 'converter' && (
            <ConverterTab
              incoming={incoming}
              target={settings.converterTarget}
              onTargetChange={(target) => void services.settings.update({ converterTarget: target })}
              onOpenInRest={(request) => {
                setImported({ ...request, seq: Date.now() });
                setActive('rest');
              }}
            />
          )}
          {tab.id === 'rest' && <RestClientTab settings={settings} imported={imported} />}
          {tab.id === 'captured' && services.inspected && (
            <CapturedTab
              network={services.inspected}
              onEditAndResend={(request) => {
                setImported({ ...request, seq: Date.now() });
                setActive('rest');
              }}
              onConvert={(curl) => {
                setNotice(null);
                setIncoming({ text: curl, seq: ++seqRef.current });
                setActive('converter');
              }}
              copyText={(text) => services.copyText(text)}
            />
          )}
        </section>
      ))}
    </div>
  );
}
