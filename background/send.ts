import { checkRequest, methodAllowsBody, type HttpRequest } from '../src/core/http/request.ts';
import { bytesToBase64, decodeText } from '../src/core/bytes.ts';
import { ProtocolError, type HttpResponse, type SendOptions } from '../src/protocol.ts';

/**
 * Sends one request with the extension's host permissions and collects the
 * whole response. `fetchImpl` is injected so Node tests run the same code.
 */
export async function sendRequest(
  request: HttpRequest,
  options: SendOptions,
  fetchImpl: typeof fetch = fetch,
): Promise<HttpResponse> {
  const check = checkRequest(request);
  if (!check.ok) throw new ProtocolError(check.message, `invalid-${check.field}`);
  const url = new URL(request.url.trim());
  if (BAD_PORTS.has(Number(url.port))) {
    throw new ProtocolError(
      `Browsers refuse to connect to port ${url.port} (it belongs to another protocol, so fetch blocks it as unsafe).`,
      'blocked-port',
    );
  }
  const headers = new Headers();
  for (const { name, value } of request.headers) headers.append(name, value);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), options.timeoutMs);
  const started = performance.now();
  try {
    const response = await fetchImpl(url, {
      method: request.method,
      headers,
      body: request.body !== undefined && methodAllowsBody(request.method) ? request.body : undefined,
      signal: controller.signal,
      redirect: 'follow',
      credentials: 'omit',
      cache: 'no-store',
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const timeMs = performance.now() - started;
    const text = decodeText(bytes, response.headers.get('content-type'));
    return {
      status: response.status,
      statusText: response.statusText,
      url: response.url || url.href,
      redirected: response.redirected,
      headers: [...response.headers].map(([name, value]) => ({ name, value })),
      body: text ?? bytesToBase64(bytes),
      bodyEncoding: text === null ? 'base64' : 'text',
      size: bytes.byteLength,
      timeMs: Math.round(timeMs * 10) / 10,
    };
  } catch (error) {
    throw describeNetworkError(error, url, controller.signal, options.timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/** Ports the Fetch standard blocks (https://fetch.spec.whatwg.org/#bad-port): fetch fails on them with no detail. */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** Turns fetch's terse failures into messages that say what went wrong and where. */
function describeNetworkError(error: unknown, url: URL, signal: AbortSignal, timeoutMs: number): ProtocolError {
  const where = `${url.protocol}//${url.host}`;
  if (signal.aborted) {
    return new ProtocolError(
      `No response from ${where} within ${timeoutMs / 1000} s: the request timed out.`,
      'timeout',
    );
  }
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return new ProtocolError(`${where} refused the connection: is the server running on that port?`, 'refused');
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ProtocolError(`The host name "${url.hostname}" could not be resolved (DNS).`, 'dns');
    case 'ECONNRESET':
      return new ProtocolError(`${where} closed the connection before answering.`, 'reset');
  }
  if (code && /CERT|TLS|SSL/.test(code)) {
    return new ProtocolError(`TLS failed for ${where} (${code}).`, 'tls');
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new ProtocolError(
    `Could not reach ${where}: the connection was refused, the host name did not resolve, or TLS failed (${detail}).`,
    'network',
  );
}
