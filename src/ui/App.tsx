import { useRef, useState } from 'preact/hooks';
import { ConverterTab } from './ConverterTab.tsx';
import { RestClientTab } from './RestClientTab.tsx';
import { useServices } from './services.ts';
import { useSettings } from './theme.ts';

const TABS = [
  { id: 'converter', label: 'Converter' },
  { id: 'rest', label: 'REST Client' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The workspace: the same page in the DevTools panel and in a tab. */
export function App() {
  const services = useServices();
  const settings = useSettings(services);
  const [active, setActive] = useState<TabId>('converter');
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  // Arrow keys move between tabs, as the ARIA tabs pattern asks.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((tab) => tab.id === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!;
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
          {TABS.map((tab) => (
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
      {TABS.map((tab) => (
        <section
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={active !== tab.id}
          class="tab-panel"
        >
          {tab.id === 'converter' ? <ConverterTab /> : <RestClientTab timeoutMs={settings.timeoutMs} />}
        </section>
      ))}
    </div>
  );
}
