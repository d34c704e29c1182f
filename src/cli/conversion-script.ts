/**
 * The converter as the Node build runs it (`dist/node/convert-on-demand.cjs`, which the CLI converts with):
 * the on-demand core (`src/core/convert-on-demand.ts`) built as CommonJS scripts (`dist/node/script/`), each
 * compiled with the V8 code cache the build wrote beside it (`*.cjs.cache`). A fresh process then reads
 * the functions a conversion runs already compiled instead of compiling each on its first call, which was
 * most of a cold conversion. Node 20 keeps no code cache for ES modules, hence the scripts; and this module
 * is CommonJS too, because importing Node's own modules (fs, path, vm) into an ES module costs a fresh
 * process about 2 ms, where requiring them costs nothing.
 *
 * A cache that does not fit this Node (another V8, other flags, another build) is rejected by V8 and the
 * script compiles as usual: slower once, never wrong. `writeCodeCache` (run by `npm run build:cli`) runs a
 * conversion of every kind to every target and writes what V8 compiled.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import type * as OnDemand from '../core/convert-on-demand.ts';
import type { Dialect } from '../core/shell/types.ts';

export type { ConvertOptions, ConvertResult } from '../core/convert-on-demand.ts';

/** Where the scripts are: beside this module once built (`__dirname` of CommonJS). */
const DIR = join(__dirname, 'script');

/** Each script loaded, by its file: the compiled script and what it exports. */
const loaded = new Map<string, { script: Script; exports: Record<string, unknown> }>();

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(`${file}.cache`);
  } catch {
    return undefined;
  }
}

/** Runs one script of the build (once), its `require` resolving its sibling scripts. */
function load(file: string): Record<string, unknown> {
  const known = loaded.get(file);
  if (known) return known.exports;
  const source = `(function (exports, require, module) {${readFileSync(file, 'utf8')}\n})`;
  const script = new Script(source, { filename: file, cachedData: readCache(file) });
  const module = { exports: {} as Record<string, unknown> };
  loaded.set(file, { script, exports: module.exports });
  const require = (id: string): unknown => load(join(dirname(file), id));
  (script.runInThisContext() as (e: unknown, r: unknown, m: unknown) => void)(module.exports, require, module);
  return module.exports;
}

const core = load(join(DIR, 'conversion.cjs')) as unknown as typeof OnDemand;

export const convertOnDemand: typeof OnDemand.convertOnDemand = (text, targetId, options) =>
  core.convertOnDemand(text, targetId, options);
export const CurlParseError: typeof OnDemand.CurlParseError = core.CurlParseError;

/** The scripts loaded so far and how many of their caches V8 took. */
export function codeCacheState(): { scripts: number; accepted: number } {
  let accepted = 0;
  for (const { script } of loaded.values()) if (script.cachedDataRejected === false) accepted++;
  return { scripts: loaded.size, accepted };
}

/** Commands of each kind a conversion meets: the functions they run are the ones the cache keeps compiled. */
const SAMPLES: { text: string; dialect?: Dialect }[] = [
  { text: "curl 'https://api.example.com/v1/items?limit=20' -H 'Accept: application/json' -b 'sid=1'" },
  {
    text: 'curl https://api.example.com/v1/items -H \'content-type: application/json\' --data-raw \'{"name":"x","n":[1,2.5,true,null]}\'',
  },
  { text: "curl -X PUT -u user:secret -d 'a=1&b=two words' --compressed -L https://api.example.com/form" },
  { text: "curl -F 'title=Report' -F 'file=@report.pdf;type=application/pdf' https://api.example.com/upload -k" },
  { text: 'curl "https://api.example.com/x" ^\n  -H "X-A: 1" ^\n  --data-raw "b=2"', dialect: 'cmd' },
  { text: "curl.exe 'https://api.example.com/x' `\n  -H 'X-A: 1'", dialect: 'powershell' },
];

/** Converts every sample to every target, then writes each loaded script's code cache. */
export async function writeCodeCache(): Promise<number> {
  for (const target of core.listTargets()) {
    for (const { text, dialect } of SAMPLES) await convertOnDemand(text, target.id, dialect ? { dialect } : {});
  }
  for (const [file, { script }] of loaded) writeFileSync(`${file}.cache`, script.createCachedData());
  return loaded.size;
}
