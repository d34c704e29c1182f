/** `npm run demo`: only the demo page and its API, for trying the extension by hand. */
import { startDemoServer } from './lib/demo-server.ts';

const demo = await startDemoServer(Number(process.env.DEMO_PORT ?? 8787));
console.log(`Demo page and API on ${demo.origin}/ (Ctrl+C to stop)`);
