import got from 'got';
import { readFileSync } from 'node:fs';

// Like curl --data-urlencode: letters, digits and -._~ stay as they are, a space becomes +.
function urlencode(data) {
  let out = '';
  for (const byte of Buffer.from(data)) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(char)) out += char;
    else if (char === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const response = await got.post('https://api.example.com/', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: `msg=${urlencode(readFileSync('form.txt'))}`,
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
