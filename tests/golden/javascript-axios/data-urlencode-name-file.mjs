import axios from 'axios';
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

const data = `msg=${urlencode(readFileSync('form.txt'))}`;

const response = await axios.post('https://api.example.com/', data, {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
