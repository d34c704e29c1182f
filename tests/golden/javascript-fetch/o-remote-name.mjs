import { writeFileSync } from 'node:fs';

const response = await fetch('https://api.example.com/file.zip', { redirect: 'manual' });

console.log(response.status, response.statusText);
writeFileSync('file.zip', Buffer.from(await response.arrayBuffer()));
