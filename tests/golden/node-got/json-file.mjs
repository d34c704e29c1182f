import got from 'got';
import { readFileSync } from 'node:fs';

const response = await got.post('https://api.example.com/', {
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  },
  body: readFileSync('body.json'),
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
