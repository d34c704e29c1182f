import { render } from 'preact';
import '../src/ui/styles.css';
import { OptionsPage } from '../src/ui/OptionsPage.tsx';
import { ServicesContext } from '../src/ui/services.ts';
import { platformServices } from '../src/platform/services.ts';

render(
  <ServicesContext.Provider value={platformServices()}>
    <OptionsPage />
  </ServicesContext.Provider>,
  document.getElementById('app')!,
);
