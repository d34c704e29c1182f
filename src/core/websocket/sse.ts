/**
 * Server-Sent Events over fetch: the stream's bytes are decoded and parsed
 * by eventsource-parser (the WHATWG event-stream rules), so any method,
 * headers and body work, unlike `EventSource`. The reader remembers the last
 * event id (sent back as `Last-Event-ID` on reconnect) and the server's
 * `retry:` wait.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface StreamEvent {
  /** The event's name; "message" when the server gave none. */
  event: string;
  id?: string;
  data: string;
}

export interface StreamReader {
  /** Feeds received bytes (any split: a character or a line may straddle chunks). */
  feed(chunk: Uint8Array): void;
  /** The end of the stream: a last event without its blank line is dropped, as the standard says. */
  end(): void;
  /** The id to send as Last-Event-ID when reconnecting (the last id seen, possibly empty). */
  readonly lastEventId: string | undefined;
  /** The reconnection wait the server asked for with `retry:`, in ms. */
  readonly retry: number | undefined;
}

export function createStreamReader(callbacks: {
  onEvent(event: StreamEvent): void;
  onProblem?(message: string): void;
}): StreamReader {
  const decoder = new TextDecoder('utf-8');
  let lastEventId: string | undefined;
  let retry: number | undefined;
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      if (message.id !== undefined) lastEventId = message.id;
      callbacks.onEvent({
        event: message.event ?? 'message',
        ...(message.id !== undefined ? { id: message.id } : {}),
        data: message.data,
      });
    },
    onRetry(ms) {
      retry = ms;
    },
    onError(error) {
      callbacks.onProblem?.(`The stream has a line the event-stream format does not allow: ${error.message}`);
    },
  });
  return {
    feed(chunk) {
      parser.feed(decoder.decode(chunk, { stream: true }));
    },
    end() {
      parser.feed(decoder.decode());
      parser.reset({ consume: false });
    },
    get lastEventId() {
      return lastEventId;
    },
    get retry() {
      return retry;
    },
  };
}

/** Whether a response's Content-Type is an event stream. */
export function isEventStream(contentType: string | null | undefined): boolean {
  return /^\s*text\/event-stream\b/i.test(contentType ?? '');
}
