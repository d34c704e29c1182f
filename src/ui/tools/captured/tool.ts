import type { ToolMeta } from '../types.ts';

export const captured: ToolMeta = {
  id: 'captured',
  title: 'Captured',
  description: 'The inspected page’s requests, to edit and resend, convert to code or copy as curl.',
  keywords: ['network', 'har', 'devtools', 'inspected', 'page', 'resend', 'capture'],
  icon: '◉',
  group: 'HTTP',
  surfaces: ['devtools'],
  accepts: [],
};
