import https from 'node:https';
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

const body = `msg=${urlencode(readFileSync('form.txt'))}`;

const options = {
  method: 'POST',
  hostname: 'api.example.com',
  path: '/',
  headers: {
    'Content-Type': 'application/x-www-form-urlencoded',
    'Content-Length': Buffer.byteLength(body),
  },
};

const response = await new Promise((resolve, reject) => {
  const request = https.request(options, resolve);
  request.on('error', reject);
  request.write(body);
  request.end();
});

const chunks = [];
for await (const chunk of response) chunks.push(chunk);
console.log(response.statusCode, response.statusMessage);
console.log(Buffer.concat(chunks).toString());
