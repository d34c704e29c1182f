import got from 'got';
import { writeFileSync } from 'node:fs';

const response = await got.get('https://api.example.com/file.zip', {
  followRedirect: false,
  responseType: 'buffer',
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
writeFileSync('file.zip', response.body);
