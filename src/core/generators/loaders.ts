/**
 * Each target's generator, loaded on demand: in the browser every generator
 * is a chunk of its own, fetched the first time its target is chosen, so
 * adding targets does not grow what the converter loads before its first
 * conversion. Node (the CLI, the tests) can use the eager registry instead;
 * a unit test checks that both list the same generators.
 */
import { TARGETS } from './targets.ts';
import type { Generator } from './types.ts';

/** One line per target id. */
export const GENERATOR_LOADERS: Readonly<Record<string, () => Promise<Generator>>> = {
  'javascript-fetch': async () => (await import('./javascript/fetch.ts')).javascriptFetch,
  'javascript-axios': async () => (await import('./javascript/axios.ts')).javascriptAxios,
  'node-https': async () => (await import('./javascript/node-https.ts')).nodeHttps,
  'node-got': async () => (await import('./javascript/got.ts')).nodeGot,
  'python-requests': async () => (await import('./python/requests.ts')).pythonRequests,
  'python-httpx': async () => (await import('./python/httpx.ts')).pythonHttpx,
  'python-http-client': async () => (await import('./python/http-client.ts')).pythonHttpClient,
  'go-net-http': async () => (await import('./go/net-http.ts')).goNetHttp,
  'rust-reqwest': async () => (await import('./rust/reqwest.ts')).rustReqwest,
  'c-libcurl': async () => (await import('./c/libcurl.ts')).cLibcurl,
  'csharp-httpclient': async () => (await import('./csharp/httpclient.ts')).csharpHttpClient,
  'java-httpclient': async () => (await import('./java/httpclient.ts')).javaHttpClient,
  'java-okhttp': async () => (await import('./java/okhttp.ts')).javaOkHttp,
  'kotlin-okhttp': async () => (await import('./kotlin/okhttp.ts')).kotlinOkHttp,
  'php-curl': async () => (await import('./php/curl.ts')).phpCurl,
  'php-guzzle': async () => (await import('./php/guzzle.ts')).phpGuzzle,
  'ruby-net-http': async () => (await import('./ruby/net-http.ts')).rubyNetHttp,
  'perl-lwp': async () => (await import('./perl/lwp.ts')).perlLwp,
  'r-httr': async () => (await import('./r/httr.ts')).rHttr,
  httpie: async () => (await import('./shell/httpie.ts')).httpie,
  wget: async () => (await import('./shell/wget.ts')).wget,
  'http-raw': async () => (await import('./http/raw.ts')).httpRaw,
  har: async () => (await import('./http/har.ts')).har,
};

const loaded = new Map<string, Promise<Generator>>();

/** The generator of a target, loaded once; rejects with a plain Error for an unknown target id. */
export function loadGenerator(targetId: string): Promise<Generator> {
  const loader = Object.hasOwn(GENERATOR_LOADERS, targetId) ? GENERATOR_LOADERS[targetId] : undefined;
  if (!loader) {
    return Promise.reject(
      new Error(`Unknown target "${targetId}". Known targets: ${TARGETS.map((t) => t.id).join(', ') || 'none'}.`),
    );
  }
  let generator = loaded.get(targetId);
  if (!generator) {
    generator = loader();
    loaded.set(targetId, generator);
    // A failed load (a chunk that did not arrive) may be tried again.
    generator.catch(() => loaded.delete(targetId));
  }
  return generator;
}
