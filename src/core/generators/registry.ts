import { goNetHttp } from './go-net-http.ts';
import { javascriptAxios } from './javascript-axios.ts';
import { javascriptFetch } from './javascript-fetch.ts';
import { nodeHttps } from './node-https.ts';
import { pythonHttpx } from './python-httpx.ts';
import { pythonRequests } from './python-requests.ts';
import { rustReqwest } from './rust-reqwest.ts';
import type { Generator } from './types.ts';

/**
 * The one list of code generators: the UI menu, the CLI's --to choices and
 * the test matrix all iterate it. Adding a target is one file and one line.
 */
export const GENERATORS: readonly Generator[] = [
  javascriptFetch,
  javascriptAxios,
  nodeHttps,
  pythonRequests,
  pythonHttpx,
  goNetHttp,
  rustReqwest,
];

export function findGenerator(id: string): Generator | undefined {
  return GENERATORS.find((generator) => generator.id === id);
}
