import type { ToolMeta } from '../types.ts';

export const mockApi: ToolMeta = {
  id: 'mock-api',
  title: 'Mock API',
  description:
    'Mock responses from a JSON Schema or an OpenAPI operation: seeded and reproducible, examples first, every value checked against the schema.',
  keywords: ['mock', 'json schema', 'openapi', 'swagger', 'faker', 'example', 'response', 'prism', 'seed', 'fake'],
  icon: '◍',
  group: 'API',
  surfaces: ['workspace', 'devtools'],
  accepts: ['mock-schema', 'mock-openapi'],
  commands: [
    {
      title: 'Mock from an OpenAPI operation',
      keywords: ['openapi', 'swagger', 'operation', 'responses'],
      hint: 'Paste an OpenAPI document and pick an operation',
      tool: 'mock-api',
      params: { source: 'openapi' },
    },
  ],
};
