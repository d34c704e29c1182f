import type { ToolMeta } from '../types.ts';

export const jsonTools: ToolMeta = {
  id: 'json-tools',
  title: 'JSON Tools',
  description:
    'Format, validate (syntax and JSON Schema), compare, query with JSONPath, JMESPath or JSONata, and generate a schema, with numbers kept exactly as written.',
  keywords: [
    'json',
    'format',
    'pretty',
    'minify',
    'validate',
    'schema',
    'diff',
    'compare',
    'patch',
    'jsonpath',
    'jmespath',
    'jsonata',
    'query',
    'jsonc',
  ],
  icon: '{}',
  group: 'Data',
  surfaces: ['workspace', 'devtools', 'popup'],
  accepts: ['open-json'],
  commands: [
    {
      title: 'Format JSON',
      keywords: ['pretty print', 'beautify', 'minify'],
      hint: 'Open JSON Tools with the document box focused',
      tool: 'json-tools',
      params: { mode: 'format', focus: 'input' },
    },
    {
      title: 'JSONPath query',
      keywords: ['jsonpath', 'rfc 9535', 'selector'],
      hint: 'Evaluate an RFC 9535 JSONPath as you type',
      tool: 'json-tools',
      params: { mode: 'path' },
    },
    {
      title: 'Compare JSON',
      keywords: ['diff', 'json patch', 'rfc 6902'],
      hint: 'A structural diff and a JSON Patch',
      tool: 'json-tools',
      params: { mode: 'compare' },
    },
  ],
};
