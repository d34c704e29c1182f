import { render } from 'preact';
import '../src/ui/styles.css';
import { App } from '../src/ui/shell/App.tsx';
import { ServicesContext } from '../src/ui/services.ts';
import { platformServices } from '../src/platform/services.ts';

const services = platformServices({ prefetchHistory: true });

// The page's services, reachable from this page's own console and from automation
// (only extension pages of this extension can see this global).
(globalThis as { httpWorkbench?: unknown }).httpWorkbench = { services };

render(
  <ServicesContext.Provider value={services}>
    <App />
  </ServicesContext.Provider>,
  document.getElementById('app')!,
);
