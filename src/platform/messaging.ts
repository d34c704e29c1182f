import { browser, type Runtime } from './browser.ts';
import {
  dispatch,
  makeCall,
  RemoteError,
  unwrapReply,
  type CallArgs,
  type CallKind,
  type CallResult,
  type Handlers,
  type HttpResponse,
  type OutgoingRequest,
  type SendOptions,
  type SerializedError,
  type WireReport,
} from '../protocol.ts';

/**
 * Calls the background and returns its result, or throws the background's
 * error as a RemoteError on this side.
 */
export async function call<K extends CallKind>(kind: K, ...args: CallArgs<K>): Promise<CallResult<K>> {
  const reply: unknown = await browser.runtime.sendMessage(makeCall(kind, args));
  return unwrapReply<CallResult<K>>(reply);
}

/** Serves the protocol in the background: one handler object, sender checked. */
export function serve(handlers: Handlers): void {
  const own = { id: browser.runtime.id, baseUrl: browser.runtime.getURL('') };
  browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) =>
    dispatch(
      handlers,
      message,
      { id: sender.id, url: sender.url, origin: (sender as { origin?: string }).origin },
      own,
    ),
  );
}

/**
 * The send channel: a runtime Port that carries a request body and a
 * response body in pieces, so neither has to fit in one message (Chrome
 * limits a message to 64 MiB of JSON). The background side is
 * background/stream.ts.
 */
export const SEND_PORT_NAME = 'http-workbench/send';

/** Pieces of a few MB (a multiple of 4, so base64 splits cleanly). */
export const PORT_PIECE_CHARS = 4 * 1024 * 1024;

/** Page → background. */
export type SendPortMessage =
  | {
      type: 'start';
      request: Omit<OutgoingRequest, 'bodyBase64'>;
      options: SendOptions;
      /** How many `body` messages follow (the base64 request body in order); absent: no body. */
      bodyPieces?: number;
    }
  | { type: 'body'; data: string };

/** Background → page. */
export type SendPortReply =
  | { type: 'head'; response: HttpResponse }
  | { type: 'body'; data: string }
  | { type: 'end' }
  /** Instead of head, body and end when the body fits in one piece: the response with its body. */
  | { type: 'whole'; response: HttpResponse }
  /** After `end`, when the head said `requestHeadersSource: 'pending'`: the browser's report. */
  | { type: 'wire'; report: WireReport }
  | { type: 'error'; error: SerializedError };

/**
 * Sends a request through the background over the send channel and returns
 * one response with the whole (possibly truncated) body, as soon as it is
 * there. When the browser's report of the exchange comes later (the response
 * says `requestHeadersSource: 'pending'`), `onWireReport` gets it, always
 * after the returned promise has resolved, or gets an empty report if the
 * channel closes first. Closing the page closes the channel, which cancels
 * the request.
 */
export function sendRequestStreamed(
  request: OutgoingRequest,
  options: SendOptions,
  onWireReport?: (report: WireReport) => void,
): Promise<HttpResponse> {
  const answered = new Promise<HttpResponse>((resolve, reject) => {
    const port = browser.runtime.connect({ name: SEND_PORT_NAME });
    let head: HttpResponse | undefined;
    let pieces: string[] = [];
    let settled = false;
    /** After the response: waiting for the browser's report. */
    let awaitingReport = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      if (!awaitingReport) port.disconnect();
    };
    /** The response is all here: it goes to the caller; the port stays open for a report still to come. */
    const finish = () => {
      const body = pieces.join('');
      pieces = [];
      awaitingReport = head?.requestHeadersSource === 'pending';
      settle(() =>
        head
          ? resolve({ ...head, body })
          : reject(new RemoteError('The background sent no response head.', 'malformed', 'Error')),
      );
    };
    port.onMessage.addListener((message: unknown) => {
      const reply = message as SendPortReply;
      switch (reply.type) {
        case 'head':
          head = reply.response;
          break;
        case 'body':
          pieces.push(reply.data);
          break;
        case 'whole':
          head = reply.response;
          pieces = [reply.response.body];
          finish();
          break;
        case 'end':
          finish();
          break;
        case 'wire':
          report(reply.report);
          port.disconnect();
          break;
        case 'error':
          settle(() => reject(new RemoteError(reply.error.message, reply.error.code, reply.error.name)));
          break;
      }
    });
    port.onDisconnect.addListener(() => {
      if (awaitingReport) report({ notices: [] });
      settle(() =>
        reject(
          new RemoteError(
            'The background stopped before the response was complete. Reload the extension and try again.',
            'no-answer',
            'Error',
          ),
        ),
      );
    });
    const { bodyBase64, ...head0 } = request;
    const post = (message: SendPortMessage) => port.postMessage(message);
    if (bodyBase64 === undefined) {
      post({ type: 'start', request: head0, options });
      return;
    }
    const count = Math.ceil(bodyBase64.length / PORT_PIECE_CHARS);
    post({ type: 'start', request: head0, options, bodyPieces: count });
    for (let i = 0; i < count; i++) {
      post({ type: 'body', data: bodyBase64.slice(i * PORT_PIECE_CHARS, (i + 1) * PORT_PIECE_CHARS) });
    }
  });
  let reported = false;
  const report = (wire: WireReport) => {
    if (reported) return;
    reported = true;
    // Handlers on the response run first, so the report always finds the response shown.
    void answered.then(
      () => onWireReport?.(wire),
      () => undefined,
    );
  };
  return answered;
}
