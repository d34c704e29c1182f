import got from 'got';
import { readFileSync } from 'node:fs';

const response = await got.put('https://api.example.com/note.txt', {
  body: readFileSync('note.txt'),
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
