import got from 'got';

const response = await got.get('https://api.example.com/', {
  headers: { 'User-Agent': 'Mozilla/5.0 (X11)' },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
