import { readFileSync } from 'node:fs';

const form = new FormData();
form.append('f', new Blob([readFileSync('/dev/stdin')], { type: 'application/octet-stream' }), '-');
form.append('g', 'x');

const response = await fetch('https://api.example.com/upload', {
  method: 'POST',
  body: form,
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
