import { render } from 'preact';
import '../src/ui/styles.css';
import { App } from '../src/ui/App.tsx';
import { ServicesContext } from '../src/ui/services.ts';
import { platformServices } from '../src/platform/services.ts';

render(
  <ServicesContext.Provider value={platformServices()}>
    <App />
  </ServicesContext.Provider>,
  document.getElementById('app')!,
);
