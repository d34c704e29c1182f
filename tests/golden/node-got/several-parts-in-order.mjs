import got from 'got';
import { readFileSync } from 'node:fs';

const form = new FormData();
form.append('a', '1');
form.append('f', new Blob([readFileSync('note.txt')], { type: 'text/plain' }), 'note.txt');
form.append('b', '2');

const response = await got.post('https://api.example.com/', {
  body: form,
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
