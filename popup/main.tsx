import { render } from 'preact';
import '../src/ui/styles.css';
import { Popup } from '../src/ui/Popup.tsx';
import { ServicesContext } from '../src/ui/services.ts';
import { platformServices } from '../src/platform/services.ts';

render(
  <ServicesContext.Provider value={platformServices()}>
    <Popup onDone={() => window.close()} />
  </ServicesContext.Provider>,
  document.getElementById('app')!,
);
