import got from 'got';
import { readFileSync } from 'node:fs';

const response = await got.post('https://api.example.com/', {
  headers: { 'Content-Type': 'application/octet-stream' },
  body: readFileSync('data.bin'),
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
