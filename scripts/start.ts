/**
 * `npm start`: the built Chrome extension in a fresh browser profile, with the
 * demo page (and its local API) in one tab and the workspace in another.
 */
import { existsSync } from 'node:fs';
import { startDemoServer } from './lib/demo-server.ts';
import { launchWithExtension } from './lib/launch.ts';

const DIST = 'dist/chrome';
if (!existsSync(`${DIST}/manifest.json`)) {
  console.error(`No build in ${DIST}: run "npm run build" first.`);
  process.exit(1);
}

const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const headless = process.env.HEADLESS === '1' || !hasDisplay;
if (!hasDisplay) console.log('No display found: the browser runs headless (set DISPLAY to see it).');

const port = Number(process.env.DEMO_PORT ?? 8787);
const demo = await startDemoServer(port).catch(() => startDemoServer(0));
let launched;
try {
  launched = await launchWithExtension(DIST, {
    headless,
    args: headless ? [] : ['--auto-open-devtools-for-tabs'],
  });
} catch (error) {
  console.error((error as Error).message);
  await demo.close();
  process.exit(1);
}

const { browser, extensionId, close } = launched;
const [first] = await browser.pages();
const demoPage = first ?? (await browser.newPage());
await demoPage.goto(`${demo.origin}/`);
const workspaceUrl = `chrome-extension://${extensionId}/panel/index.html`;
const workspace = await browser.newPage();
await workspace.goto(workspaceUrl);

console.log(`HTTP Workbench is running.
  demo page and API: ${demo.origin}/   (try ${demo.origin}/echo in the REST client)
  workspace:         ${workspaceUrl}
  DevTools panel:    open DevTools on the demo page and pick "HTTP Workbench"
Close the browser or press Ctrl+C to stop.`);

const stop = async () => {
  await close();
  await demo.close();
  process.exit(0);
};
browser.on('disconnected', () => void stop());
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
