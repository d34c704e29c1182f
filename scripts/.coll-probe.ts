import { launchWithExtension } from './lib/launch.ts';
const ext = await launchWithExtension('/work/wt-collections/dist/chrome');
const url = `chrome-extension://${ext.extensionId}/panel/index.html#/rest-client`;
const seed = await ext.browser.newPage();
await seed.goto(url);
await seed.waitForSelector('input[aria-label="URL"]');
await seed.evaluate(`(async () => {
  const items = [];
  for (let i = 0; i < 1000; i++) items.push({ type: 'request', name: 'Request ' + i, inheritAuth: true, variables: [],
    request: { method: 'GET', url: '{{base}}/items/' + i, headers: [{ enabled: true, name: 'Accept', value: 'application/json' }], body: { kind: 'none' }, auth: { kind: 'none' } } });
  await httpWorkbench.services.collections.importCollections([{ name: 'Bench collection', variables: [], auth: null, items }]);
})()`);
await seed.close();
for (let i = 0; i < 3; i++) {
  const page = await ext.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(url);
  await page.waitForFunction(`performance.getEntriesByName('collections-listed').length > 0 && performance.getEntriesByName('history-listed').length > 0`);
  console.log(await page.evaluate(`(async () => {
    const m = (n) => Math.round(performance.getEntriesByName(n)[0]?.startTime ?? -1);
    const t0 = performance.now();
    await httpWorkbench.services.collections.list();
    const t1 = performance.now();
    return { history: m('history-listed'), collections: m('collections-listed'), list: Math.round(t1 - t0), marks: performance.getEntriesByType('mark').map((e) => e.name + '@' + Math.round(e.startTime)) };
  })()`));
  await page.close();
}
await ext.close();
