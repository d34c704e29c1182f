import type { ToolMeta } from '../types.ts';

export const openapi: ToolMeta = {
  id: 'openapi',
  title: 'OpenAPI',
  description:
    'Check a Swagger 2.0 or OpenAPI 3.x document (YAML or JSON): every problem at its line and column, then try its operations in the REST client.',
  keywords: ['openapi', 'swagger', 'spec', 'validate', 'lint', 'yaml', 'json', 'schema', 'api', 'operations', 'try it'],
  icon: '§',
  group: 'API',
  surfaces: ['workspace', 'devtools'],
  accepts: [],
  commands: [
    {
      title: 'Validate an OpenAPI document',
      keywords: ['swagger', 'openapi', 'lint', 'check spec'],
      hint: 'Open OpenAPI with the document box focused',
      tool: 'openapi',
      params: { focus: 'input' },
    },
  ],
};
