import type { ToolMeta } from '../types.ts';

export const restClient: ToolMeta = {
  id: 'rest-client',
  title: 'REST Client',
  description:
    'Build a request, send it with the extension’s host permissions and see exactly what went out and came back.',
  keywords: ['request', 'send', 'http', 'api', 'history', 'environment', 'variables', 'postman', 'get', 'post'],
  icon: '➤',
  group: 'HTTP',
  surfaces: ['workspace', 'devtools', 'popup'],
  accepts: ['open-request'],
  commands: [
    {
      title: 'New request',
      keywords: ['send', 'get', 'post'],
      hint: 'Open the REST client with the URL focused',
      tool: 'rest-client',
      params: { focus: 'url' },
    },
  ],
};
