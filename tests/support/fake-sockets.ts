/**
 * A socket service the test drives: each `open` is recorded with its events,
 * so the test plays the browser (handshake report, open, messages, close);
 * each `stream` likewise.
 */
import type { HeaderLine } from '../../src/core/http/request.ts';
import type { SocketEvents, SocketService, StreamEvents } from '../../src/ui/services.ts';

export interface FakeSocket {
  options: { url: string; protocols: string[]; headers: HeaderLine[] };
  events: SocketEvents;
  sent: (string | Uint8Array)[];
  closed?: { code: number; reason: string };
}

export interface FakeStream {
  options: { url: string; method: string; headers: HeaderLine[]; body?: string };
  events: StreamEvents;
  cancelled: boolean;
}

export function fakeSockets(): SocketService & { sockets: FakeSocket[]; streams: FakeStream[] } {
  const sockets: FakeSocket[] = [];
  const streams: FakeStream[] = [];
  return {
    sockets,
    streams,
    open(options, events) {
      const socket: FakeSocket = { options, events, sent: [] };
      sockets.push(socket);
      return {
        send: (data) => void socket.sent.push(data),
        close: (code, reason) => {
          socket.closed = { code, reason };
        },
        bufferedAmount: () => 0,
      };
    },
    stream(options, events) {
      const stream: FakeStream = { options, events, cancelled: false };
      streams.push(stream);
      return {
        cancel: () => {
          stream.cancelled = true;
          events.onEnd({ cancelled: true });
        },
      };
    },
  };
}
