import got from 'got';
import { readFileSync } from 'node:fs';

// Like curl -b file: the cookies of a Netscape cookie file whose domain, path, secure flag and expiry match the URL.
function cookiesFromFile(file, url) {
  const { hostname, pathname, protocol } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const cookies = [];
  for (let line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (line.startsWith('#HttpOnly_')) line = line.slice(10);
    const [domain, , path, secure, expires, name, value] = line.split('\t');
    if (line.startsWith('#') || value === undefined) continue;
    const site = domain.toLowerCase().replace(/^\./, '');
    if (host !== site && !host.endsWith(`.${site}`)) continue;
    if (!pathname.startsWith(path || '/')) continue;
    const local = ['localhost', '127.0.0.1', '::1'].includes(host);
    if (secure.toUpperCase() === 'TRUE' && protocol !== 'https:' && !local) continue;
    if (Number(expires) !== 0 && Number(expires) * 1000 < Date.now()) continue;
    cookies.push(`${name}=${value}`);
  }
  return cookies;
}

const response = await got.get('http://127.0.0.1/api/items', {
  headers: { Cookie: [...cookiesFromFile('jar.txt', 'http://127.0.0.1/api/items')].join('; ') },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
