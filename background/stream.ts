/**
 * The background side of the send channel (the page side and the message
 * types are in src/platform/messaging.ts): a request arrives with its body in
 * pieces, the response goes back as a head and then its body in pieces (or,
 * when the body fits in one piece, as one message), so neither side ever
 * builds a message near the browsers' size limits; when the
 * browser's report of the exchange comes after the response, it follows as a
 * last message. A page that goes away mid-request cancels it.
 */
import { browser, type Runtime } from '../src/platform/browser.ts';
import {
  PORT_PIECE_CHARS,
  SEND_PORT_NAME,
  type SendPortMessage,
  type SendPortReply,
} from '../src/platform/messaging.ts';
import { isTrustedSender, ProtocolError, serializeError, type OutgoingRequest } from '../src/protocol.ts';
import { cancelRequest, executeRequest, type SendDeps } from './send.ts';

export function serveSendChannel(deps: SendDeps, pieceChars = PORT_PIECE_CHARS): void {
  const own = { id: browser.runtime.id, baseUrl: browser.runtime.getURL('') };
  browser.runtime.onConnect.addListener((port: Runtime.Port) => {
    if (port.name !== SEND_PORT_NAME) return;
    const sender = port.sender;
    const origin = (sender as { origin?: string } | undefined)?.origin;
    if (!sender || !isTrustedSender({ id: sender.id, url: sender.url, origin }, own.id, own.baseUrl)) {
      port.disconnect();
      return;
    }
    let start: Extract<SendPortMessage, { type: 'start' }> | undefined;
    const bodyPieces: string[] = [];
    let open = true;
    let running: string | undefined;
    const post = (reply: SendPortReply) => {
      if (!open) return false;
      try {
        port.postMessage(reply);
        return true;
      } catch {
        open = false;
        return false;
      }
    };
    port.onDisconnect.addListener(() => {
      open = false;
      if (running !== undefined) cancelRequest(running);
    });

    const run = async () => {
      const begun = start!;
      const request: OutgoingRequest = {
        ...begun.request,
        ...(begun.bodyPieces !== undefined ? { bodyBase64: bodyPieces.join('') } : {}),
      };
      bodyPieces.length = 0;
      running = typeof request.id === 'string' ? request.id : undefined;
      try {
        const { response, body, wire } = await executeRequest(request, begun.options, deps);
        running = undefined;
        const iterator = body.pieces();
        const first = iterator.next();
        const second = first.done ? first : iterator.next();
        if (second.done && (first.done || first.value.length <= pieceChars)) {
          // A body that fits in one piece travels with the head: one message, no waiting between messages.
          if (!post({ type: 'whole', response: { ...response, body: first.done ? '' : first.value } })) return;
        } else {
          if (!post({ type: 'head', response })) return;
          const all = function* () {
            if (!first.done) yield first.value;
            if (!second.done) yield second.value;
            yield* iterator;
          };
          for (const piece of all()) {
            for (let i = 0; i < piece.length; i += pieceChars) {
              if (!post({ type: 'body', data: piece.slice(i, i + pieceChars) })) return;
            }
            // Let the port drain between pieces.
            await new Promise((resolve) => setTimeout(resolve, 0));
          }
          post({ type: 'end' });
        }
        if (wire) post({ type: 'wire', report: await wire });
      } catch (error) {
        running = undefined;
        post({ type: 'error', error: serializeError(error) });
      }
    };

    port.onMessage.addListener((message: unknown) => {
      const typed = message as SendPortMessage;
      if (!start) {
        if (typed?.type !== 'start' || typeof typed.request !== 'object' || typeof typed.options !== 'object') {
          post({ type: 'error', error: serializeError(new ProtocolError('Malformed message.', 'malformed')) });
          return;
        }
        start = typed;
        if (start.bodyPieces === undefined || start.bodyPieces === 0) void run();
        return;
      }
      if (typed?.type !== 'body' || typeof typed.data !== 'string' || bodyPieces.length >= (start.bodyPieces ?? 0)) {
        post({ type: 'error', error: serializeError(new ProtocolError('Malformed message.', 'malformed')) });
        return;
      }
      bodyPieces.push(typed.data);
      if (bodyPieces.length === start.bodyPieces) void run();
    });
  });
}
