import { writeFileSync } from 'node:fs';

const response = await fetch('https://api.example.com/', { redirect: 'manual' });

console.log(response.status, response.statusText);
writeFileSync('out.json', Buffer.from(await response.arrayBuffer()));
