import got from 'got';

const response = await got.get('https://api.example.com/search', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  form: { q: '1' },
  allowGetBody: true,
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
