/**
 * What each client library can express, as data: the planning step
 * (`plan.ts`) reads a profile to choose between the idiomatic form and the
 * exact fallback and to say, from the one warning catalogue, what a client
 * cannot do. A new client starts by writing its profile; the facts here were
 * measured against the libraries by the execution-equivalence suite.
 */

/** HTTP versions curl can be asked for (`-0`, `--http1.1`, `--http2`…). */
export type HttpVersion = '1.0' | '1.1' | '2' | '2-prior-knowledge' | '3' | '3-only';

export interface ClientProfile {
  /** The generator id this profile belongs to. */
  target: string;
  /** How messages name the client. */
  client: string;
  /** A `Host:` header is sent as set (else the client always sends the URL's host). */
  customHost: boolean;
  /** Default headers the client always sends that a program cannot remove (lower-case). */
  fixedDefaults: readonly string[];
  /** Repeated header lines of one name: sent as separate lines, or joined into one `a, b` line. */
  repeatedHeaders: 'lines' | 'joined';
  /** Repeated Cookie lines are joined with `; ` (a cookie list, as curl's lines mean) rather than `, `. */
  joinsCookiesAsList?: boolean;
  /** The Content-Type the client adds to a body sent without one (none when it adds nothing). */
  defaultBodyType?: string;
  /** A body can go with GET and HEAD. */
  bodyOnGet: boolean;
  /** The method is sent as written (else in upper case). */
  methodCase: 'kept' | 'upper';
  /** Proxy schemes the client uses (`all`), or why it cannot use the proxy. */
  proxy: { schemes: 'all' | readonly string[]; hint: string };
  /** Certificate checks can be turned off per request (`-k`); else the hint says what can. */
  insecure: true | { hint: string };
  /** A connection timeout separate from the whole request's. */
  connectTimeout: boolean;
  /** `-m` limits the whole transfer, or what the client's timeout applies to instead. */
  totalTimeout: true | { applies: string };
  /** Redirects: followed at all, with a limit (`--max-redirs`), and credentials kept for other hosts. */
  redirects: { follow: boolean; limit: true | { fixed: string }; keepsCredentials: boolean };
  /**
   * Netscape cookie files (`-b file`): read at run time by a short reader the program carries (`reader`, any
   * cookies of the command added), by the library's own cookie jar (`jar`, only without cookies from the
   * command), or not at all.
   */
  cookieFiles: 'reader' | 'jar' | false;
  /** HTTP versions the client can be told to use, and what it sends otherwise. */
  httpVersions: { honours: readonly HttpVersion[]; sends: string; http2OnlyOverTls?: boolean; hint?: string };
}

const HTTP1 = 'HTTP/1.1';

const PROFILES: readonly ClientProfile[] = [
  {
    target: 'javascript-fetch',
    client: 'fetch',
    customHost: false,
    fixedDefaults: ['accept', 'user-agent', 'host', 'accept-encoding'],
    repeatedHeaders: 'joined',
    bodyOnGet: false,
    methodCase: 'kept',
    proxy: { schemes: [], hint: "in Node takes no proxy option (undici's ProxyAgent can), so the request goes direct" },
    insecure: {
      hint: "for a test only, NODE_TLS_REJECT_UNAUTHORIZED=0 turns them off for the whole process; undici's Agent can do it per request",
    },
    connectTimeout: false,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: true, limit: { fixed: 'up to 20' }, keepsCredentials: false },
    httpVersions: { honours: ['1.1'], sends: HTTP1 },
  },
  {
    target: 'javascript-axios',
    client: 'axios',
    customHost: true,
    fixedDefaults: ['host'],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'upper',
    proxy: { schemes: ['http', 'https'], hint: 'only uses HTTP and HTTPS proxies, so the request goes direct' },
    insecure: true,
    connectTimeout: false,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: true, limit: true, keepsCredentials: true },
    httpVersions: { honours: ['1.1'], sends: HTTP1 },
  },
  {
    target: 'node-https',
    client: "Node's http",
    customHost: true,
    fixedDefaults: [],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'upper',
    proxy: {
      schemes: [],
      hint: 'has no proxy option (an agent package such as https-proxy-agent can do it), so the request goes direct',
    },
    insecure: true,
    connectTimeout: true,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: false, limit: true, keepsCredentials: true },
    httpVersions: { honours: ['1.1'], sends: HTTP1 },
  },
  {
    target: 'python-requests',
    client: 'requests',
    customHost: true,
    fixedDefaults: [],
    repeatedHeaders: 'joined',
    joinsCookiesAsList: true,
    bodyOnGet: true,
    methodCase: 'kept',
    proxy: { schemes: 'all', hint: '' },
    insecure: true,
    connectTimeout: true,
    totalTimeout: { applies: 'connecting and to each read' },
    cookieFiles: 'jar',
    redirects: { follow: true, limit: true, keepsCredentials: false },
    httpVersions: { honours: ['1.1'], sends: HTTP1 },
  },
  {
    target: 'python-httpx',
    client: 'httpx',
    customHost: true,
    fixedDefaults: ['host'],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'kept',
    proxy: { schemes: 'all', hint: '' },
    insecure: true,
    connectTimeout: true,
    totalTimeout: { applies: 'connecting, each read and each write' },
    cookieFiles: 'jar',
    redirects: { follow: true, limit: true, keepsCredentials: false },
    httpVersions: {
      honours: ['1.1'],
      sends: HTTP1,
      hint: 'HTTP/2 needs the optional h2 package: install httpx[http2] and pass http2=True to httpx.Client',
    },
  },
  {
    target: 'go-net-http',
    client: 'Go (net/http)',
    customHost: true,
    fixedDefaults: ['host'],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'kept',
    proxy: { schemes: 'all', hint: '' },
    insecure: true,
    connectTimeout: true,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: true, limit: true, keepsCredentials: true },
    httpVersions: { honours: ['1.1', '2'], sends: 'HTTP/1.1 or HTTP/2', http2OnlyOverTls: true },
  },
  {
    target: 'rust-reqwest',
    client: 'reqwest',
    customHost: true,
    fixedDefaults: ['accept', 'host'],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'kept',
    proxy: { schemes: ['http', 'https'], hint: 'needs its "socks" feature for a SOCKS proxy (add it in Cargo.toml)' },
    insecure: true,
    connectTimeout: true,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: true, limit: true, keepsCredentials: false },
    httpVersions: { honours: ['1.1', '2', '2-prior-knowledge'], sends: 'its default version' },
  },
  {
    target: 'c-libcurl',
    client: 'libcurl',
    customHost: true,
    fixedDefaults: [],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'kept',
    proxy: { schemes: 'all', hint: '' },
    insecure: true,
    connectTimeout: true,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: true, limit: true, keepsCredentials: true },
    httpVersions: { honours: ['1.0', '1.1', '2', '2-prior-knowledge', '3', '3-only'], sends: 'its default version' },
  },
  {
    target: 'php-curl',
    client: 'PHP curl',
    customHost: true,
    fixedDefaults: [],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'kept',
    proxy: { schemes: 'all', hint: '' },
    insecure: true,
    connectTimeout: true,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: true, limit: true, keepsCredentials: true },
    httpVersions: { honours: ['1.0', '1.1', '2', '2-prior-knowledge'], sends: 'its default version' },
  },
  {
    target: 'php-guzzle',
    client: 'Guzzle',
    customHost: true,
    fixedDefaults: [],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'upper',
    proxy: { schemes: 'all', hint: '' },
    insecure: true,
    connectTimeout: true,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: true, limit: true, keepsCredentials: false },
    httpVersions: { honours: ['1.0', '1.1', '2'], sends: 'HTTP/1.1' },
  },
  {
    target: 'wget',
    client: 'Wget',
    customHost: true,
    // Measured with Wget 1.21.3: an empty --header value sends the header empty instead of removing it, and a
    // body without a Content-Type gets application/x-www-form-urlencoded. --user-agent= removes User-Agent.
    fixedDefaults: ['host', 'accept', 'accept-encoding', 'content-type'],
    repeatedHeaders: 'joined',
    joinsCookiesAsList: true,
    bodyOnGet: true,
    methodCase: 'upper',
    proxy: { schemes: ['http', 'https'], hint: 'only uses HTTP proxies, so the request goes direct' },
    insecure: true,
    connectTimeout: true,
    totalTimeout: { applies: 'looking up the host, connecting and each read' },
    cookieFiles: 'jar',
    redirects: { follow: true, limit: true, keepsCredentials: false },
    httpVersions: { honours: ['1.1'], sends: HTTP1 },
  },
  ...['http-raw', 'har'].map((target): ClientProfile => ({
    target,
    client: target === 'har' ? 'The HAR entry' : 'The HTTP message',
    // A message is data: everything curl sends is written out, nothing is added by a client.
    customHost: true,
    fixedDefaults: [],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'kept',
    proxy: { schemes: [], hint: 'is the request to the server; going through the proxy is up to what sends it' },
    insecure: true,
    connectTimeout: true,
    totalTimeout: true,
    cookieFiles: false,
    redirects: { follow: false, limit: true, keepsCredentials: true },
    httpVersions: { honours: ['1.0', '1.1'], sends: HTTP1 },
  })),
  {
    target: 'csharp-httpclient',
    client: 'HttpClient',
    customHost: true,
    fixedDefaults: ['host'],
    repeatedHeaders: 'joined',
    joinsCookiesAsList: true,
    bodyOnGet: true,
    methodCase: 'upper',
    proxy: {
      schemes: ['http', 'https'],
      hint: "(Mono's and .NET Framework's handler) only uses HTTP proxies, so the request goes direct",
    },
    insecure: true,
    connectTimeout: false,
    totalTimeout: true,
    cookieFiles: false,
    redirects: { follow: true, limit: true, keepsCredentials: false },
    httpVersions: { honours: ['1.0', '1.1'], sends: HTTP1 },
  },
  {
    target: 'ruby-net-http',
    client: 'Net::HTTP',
    customHost: true,
    fixedDefaults: ['host'],
    repeatedHeaders: 'joined',
    joinsCookiesAsList: true,
    defaultBodyType: 'application/x-www-form-urlencoded',
    bodyOnGet: true,
    methodCase: 'kept',
    proxy: { schemes: ['http'], hint: 'only uses HTTP proxies, so the request goes direct' },
    insecure: true,
    connectTimeout: true,
    totalTimeout: { applies: 'opening the connection and to each read and write' },
    cookieFiles: false,
    redirects: { follow: false, limit: true, keepsCredentials: false },
    httpVersions: { honours: ['1.1'], sends: HTTP1 },
  },
  {
    target: 'perl-lwp',
    client: 'LWP::UserAgent',
    customHost: true,
    fixedDefaults: ['host'],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'kept',
    proxy: {
      schemes: ['http', 'https'],
      hint: 'needs LWP::Protocol::socks for a SOCKS proxy, so the request goes direct',
    },
    insecure: true,
    connectTimeout: false,
    totalTimeout: { applies: 'each wait for the server (connecting, each read and write)' },
    cookieFiles: false,
    redirects: { follow: true, limit: true, keepsCredentials: false },
    httpVersions: { honours: ['1.1'], sends: HTTP1 },
  },
  {
    target: 'r-httr',
    client: 'httr',
    customHost: true,
    fixedDefaults: [],
    repeatedHeaders: 'joined',
    joinsCookiesAsList: true,
    bodyOnGet: false,
    methodCase: 'kept',
    proxy: { schemes: 'all', hint: '' },
    insecure: true,
    connectTimeout: true,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: true, limit: true, keepsCredentials: true },
    httpVersions: { honours: ['1.0', '1.1', '2'], sends: HTTP1 },
  },
  {
    target: 'java-httpclient',
    client: 'HttpClient',
    customHost: true,
    fixedDefaults: ['user-agent', 'host'],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'kept',
    proxy: { schemes: ['http'], hint: 'is given an HTTP proxy as host and port here, so the request goes direct' },
    insecure: {
      hint: 'an SSLContext whose X509TrustManager accepts every certificate, passed to sslContext(), can',
    },
    connectTimeout: true,
    totalTimeout: { applies: 'waiting for the response headers' },
    cookieFiles: 'reader',
    redirects: { follow: true, limit: true, keepsCredentials: false },
    httpVersions: { honours: ['1.1', '2'], sends: HTTP1, http2OnlyOverTls: true },
  },
  {
    target: 'java-okhttp',
    client: 'OkHttp',
    customHost: true,
    fixedDefaults: ['accept-encoding', 'user-agent', 'host'],
    repeatedHeaders: 'lines',
    bodyOnGet: false,
    methodCase: 'kept',
    proxy: { schemes: ['http'], hint: 'is given an HTTP proxy as host and port here, so the request goes direct' },
    insecure: {
      hint: 'an X509TrustManager that accepts every certificate, passed to sslSocketFactory(), and a hostnameVerifier that accepts every name can',
    },
    connectTimeout: true,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: true, limit: { fixed: 'up to 20' }, keepsCredentials: false },
    httpVersions: { honours: ['1.1', '2'], sends: HTTP1, http2OnlyOverTls: true },
  },
  {
    target: 'kotlin-okhttp',
    client: 'OkHttp',
    customHost: true,
    fixedDefaults: ['accept-encoding', 'user-agent', 'host'],
    repeatedHeaders: 'lines',
    bodyOnGet: false,
    methodCase: 'kept',
    proxy: { schemes: ['http'], hint: 'is given an HTTP proxy as host and port here, so the request goes direct' },
    insecure: {
      hint: 'an X509TrustManager that accepts every certificate, passed to sslSocketFactory(), and a hostnameVerifier that accepts every name can',
    },
    connectTimeout: true,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: true, limit: { fixed: 'up to 20' }, keepsCredentials: false },
    httpVersions: { honours: ['1.1', '2'], sends: HTTP1, http2OnlyOverTls: true },
  },
  {
    target: 'python-http-client',
    client: 'http.client',
    customHost: true,
    fixedDefaults: [],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'kept',
    proxy: {
      schemes: [],
      hint: 'has no proxy setting (HTTPConnection.set_tunnel tunnels through one by hand), so the request goes direct',
    },
    insecure: true,
    connectTimeout: false,
    totalTimeout: { applies: 'connecting and to each read' },
    cookieFiles: 'reader',
    redirects: { follow: false, limit: true, keepsCredentials: true },
    httpVersions: { honours: ['1.1'], sends: HTTP1 },
  },
  {
    target: 'httpie',
    client: 'HTTPie',
    customHost: true,
    fixedDefaults: [],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'upper',
    proxy: { schemes: 'all', hint: '' },
    insecure: true,
    connectTimeout: false,
    totalTimeout: { applies: 'connecting and to each read' },
    cookieFiles: false,
    redirects: { follow: true, limit: true, keepsCredentials: false },
    httpVersions: { honours: ['1.1'], sends: HTTP1 },
  },
  {
    target: 'node-got',
    client: 'got',
    customHost: true,
    fixedDefaults: [],
    repeatedHeaders: 'lines',
    bodyOnGet: true,
    methodCase: 'upper',
    proxy: {
      schemes: [],
      hint: 'has no proxy option (an agent package such as hpagent can do it), so the request goes direct',
    },
    insecure: true,
    connectTimeout: true,
    totalTimeout: true,
    cookieFiles: 'reader',
    redirects: { follow: true, limit: true, keepsCredentials: false },
    httpVersions: { honours: ['1.1'], sends: HTTP1 },
  },
];

/** The profile of a target; throws for a target without one (a programming error a test catches). */
export function profileOf(target: string): ClientProfile {
  const found = PROFILES.find((p) => p.target === target);
  if (!found) throw new Error(`No client profile for "${target}"`);
  return found;
}

/** Every profile (for tests and documentation). */
export function listProfiles(): readonly ClientProfile[] {
  return PROFILES;
}
