import got from 'got';
import { readFileSync } from 'node:fs';

const form = new FormData();
form.append('f', new Blob([readFileSync('note.txt')], { type: 'text/plain' }), '-');

const response = await got.post('https://api.example.com/upload', {
  body: form,
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
