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

const response = await fetch('https://api.example.com/', {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: `msg=${urlencode(readFileSync('form.txt'))}`,
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
