import { readFileSync } from 'node:fs';

const response = await fetch('https://api.example.com/note.txt', {
  method: 'PUT',
  body: readFileSync('note.txt'),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
