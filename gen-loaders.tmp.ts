import { readFileSync } from 'node:fs';
import { GENERATORS } from './src/core/generators/registry.ts';
const src = readFileSync('src/core/generators/registry.ts', 'utf8');
const imports = [...src.matchAll(/import \{ (\w+) \} from '(\.\/[^']+)';/g)].map((m) => ({ name: m[1]!, path: m[2]! }));
const lines: string[] = [];
for (const g of GENERATORS) {
  for (const i of imports) {
    const mod = await import(`./src/core/generators/${i.path.slice(2)}`);
    if (mod[i.name] === g) lines.push(`  '${g.id}': async () => (await import('${i.path}')).${i.name},`);
  }
}
console.log(lines.join('\n'));
