import type { ToolMeta } from '../types.ts';

export const websocket: ToolMeta = {
  id: 'websocket',
  title: 'WebSocket',
  description:
    'Connect to a WebSocket or a Server-Sent Events stream with the headers you choose (Authorization, Origin, User-Agent), send text, JSON or binary, and read every message.',
  keywords: [
    'websocket',
    'ws',
    'wss',
    'socket',
    'sse',
    'server-sent events',
    'event-stream',
    'wscat',
    'websocat',
    'realtime',
  ],
  icon: '⇄',
  group: 'HTTP',
  surfaces: ['workspace', 'devtools'],
  accepts: [],
  commands: [
    {
      title: 'New WebSocket connection',
      keywords: ['ws', 'wss', 'connect', 'sse'],
      hint: 'Open WebSocket with the URL focused',
      tool: 'websocket',
      params: { focus: 'url' },
    },
  ],
};
