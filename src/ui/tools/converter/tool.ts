import type { ToolMeta } from '../types.ts';

export const converter: ToolMeta = {
  id: 'converter',
  title: 'Converter',
  description: 'Paste a curl command (bash, cmd or PowerShell) and get code that sends the same request.',
  keywords: ['curl', 'convert', 'code', 'snippet', 'python', 'javascript', 'go', 'rust', 'fetch', 'axios'],
  icon: '⟨⟩',
  group: 'HTTP',
  surfaces: ['workspace', 'devtools', 'popup'],
  accepts: ['convert-command'],
  commands: [
    {
      title: 'Convert curl',
      keywords: ['paste', 'curl to code'],
      hint: 'Open the converter with the command box focused',
      tool: 'converter',
      params: { focus: 'input' },
    },
  ],
};
