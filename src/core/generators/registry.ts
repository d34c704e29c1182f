import { cLibcurl } from './c/libcurl.ts';
import { phpCurl } from './php/curl.ts';
import { phpGuzzle } from './php/guzzle.ts';
import { goNetHttp } from './go/net-http.ts';
import { javascriptAxios } from './javascript/axios.ts';
import { javascriptFetch } from './javascript/fetch.ts';
import { nodeHttps } from './javascript/node-https.ts';
import { pythonHttpx } from './python/httpx.ts';
import { pythonHttpClient } from './python/http-client.ts';
import { httpie } from './shell/httpie.ts';
import { nodeGot } from './javascript/got.ts';
import { pythonRequests } from './python/requests.ts';
import { rustReqwest } from './rust/reqwest.ts';
import { wget } from './shell/wget.ts';
import { httpRaw } from './http/raw.ts';
import { har } from './http/har.ts';
import { csharpHttpClient } from './csharp/httpclient.ts';
import { javaHttpClient } from './java/httpclient.ts';
import { javaOkHttp } from './java/okhttp.ts';
import { kotlinOkHttp } from './kotlin/okhttp.ts';
import { rubyNetHttp } from './ruby/net-http.ts';
import { perlLwp } from './perl/lwp.ts';
import { rHttr } from './r/httr.ts';
import type { RequestSpec } from '../request-spec/spec.ts';
import type { GenerateOptions, GeneratedCode, Generator } from './types.ts';

/**
 * The one list of code generators: the UI menu, the CLI's --to choices and
 * the test matrix all iterate it. Adding a target is one file and one line.
 */
export const GENERATORS: readonly Generator[] = [
  javascriptFetch,
  javascriptAxios,
  nodeHttps,
  nodeGot,
  pythonRequests,
  pythonHttpx,
  pythonHttpClient,
  goNetHttp,
  rustReqwest,
  cLibcurl,
  csharpHttpClient,
  javaHttpClient,
  javaOkHttp,
  kotlinOkHttp,
  phpCurl,
  phpGuzzle,
  rubyNetHttp,
  perlLwp,
  rHttr,
  httpie,
  wget,
  httpRaw,
  har,
];

export function findGenerator(id: string): Generator | undefined {
  return GENERATORS.find((generator) => generator.id === id);
}

/**
 * The program for one target: `spec` from `specFromCurl` or `specFromRest`.
 * Synchronous; throws a plain Error for an unknown target id.
 */
export function generate(spec: RequestSpec, targetId: string, options?: GenerateOptions): GeneratedCode {
  const generator = findGenerator(targetId);
  if (!generator) {
    throw new Error(`Unknown target "${targetId}". Known targets: ${GENERATORS.map((g) => g.id).join(', ')}.`);
  }
  return generator.generate(spec, options);
}
