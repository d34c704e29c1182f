import { readFileSync } from 'node:fs';

const form = new FormData();
form.append('a', '1');
form.append('f', new Blob([readFileSync('note.txt')], { type: 'text/plain' }), 'note.txt');
form.append('b', '2');

const response = await fetch('https://api.example.com/', {
  method: 'POST',
  body: form,
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
