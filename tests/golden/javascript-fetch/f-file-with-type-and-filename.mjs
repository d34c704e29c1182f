import { readFileSync } from 'node:fs';

const form = new FormData();
form.append('image', new Blob([readFileSync('pic.png')], { type: 'image/png' }), 'avatar.png');

const response = await fetch('https://api.example.com/upload', {
  method: 'POST',
  body: form,
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
