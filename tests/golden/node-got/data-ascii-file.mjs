import got from 'got';
import { readFileSync } from 'node:fs';

const response = await got.post('https://api.example.com/', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: readFileSync('form.txt', 'utf8').replace(/[\r\n]/g, ''),
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
