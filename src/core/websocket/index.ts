/** WebSocket and Server-Sent Events: the pure parts (see ARCHITECTURE.md, "The WebSocket tool"). */
export * from './message.ts';
export * from './log.ts';
export * from './connection.ts';
export * from './backoff.ts';
export * from './sse.ts';
export * from './history.ts';
