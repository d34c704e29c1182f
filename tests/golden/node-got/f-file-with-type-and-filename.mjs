import got from 'got';
import { readFileSync } from 'node:fs';

const form = new FormData();
form.append('image', new Blob([readFileSync('pic.png')], { type: 'image/png' }), 'avatar.png');

const response = await got.post('https://api.example.com/upload', {
  body: form,
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
