import got from 'got';
import { readFileSync } from 'node:fs';

const response = await got.post('https://api.example.com/', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: readFileSync(0),
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
