import type { ToolMeta } from '../types.ts';

export const compose: ToolMeta = {
  id: 'compose',
  title: 'Compose',
  description:
    'Paste docker run commands (bash, cmd or PowerShell) and get a compose.yaml that starts the same containers, checked against the Compose Specification.',
  keywords: ['docker', 'run', 'compose', 'podman', 'yaml', 'container', 'docker-compose', 'composerize', 'devops'],
  icon: '⚓',
  group: 'DevOps',
  surfaces: ['workspace', 'devtools', 'popup'],
  accepts: ['convert-docker-run'],
  commands: [
    {
      title: 'docker run to Compose',
      keywords: ['docker run', 'compose.yaml', 'docker-compose.yml', 'convert'],
      hint: 'Open Compose with the command box focused',
      tool: 'compose',
      params: { focus: 'input' },
    },
  ],
};
