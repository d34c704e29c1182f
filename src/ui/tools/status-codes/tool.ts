import type { ToolMeta } from '../types.ts';

export const statusCodes: ToolMeta = {
  id: 'status-codes',
  title: 'Status Codes',
  description:
    'Every HTTP status code in the IANA registry and the non-standard ones met in logs: meaning, when to use it, headers, RFC and constants.',
  keywords: [
    'http',
    'status',
    'code',
    'reference',
    'rfc',
    'iana',
    'error',
    'reason',
    'phrase',
    'nginx',
    'cloudflare',
  ],
  icon: '№',
  group: 'Reference',
  surfaces: ['workspace', 'devtools', 'popup'],
  accepts: ['show-status'],
  commands: [
    {
      title: 'Non-standard status codes',
      hint: 'nginx, Cloudflare, AWS load balancer and other vendor codes',
      keywords: ['nginx', 'cloudflare', 'aws', 'vendor', '499', '520'],
      tool: 'status-codes',
      params: { class: 'non-standard' },
    },
  ],
};
