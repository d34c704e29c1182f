import { browser } from '../src/platform/browser.ts';

// The devtools page only creates the panel; the panel page does the work.
void browser.devtools.panels.create('HTTP Workbench', '/icons/icon-16.png', '/panel/index.html');
