import got from 'got';

const response = await got.post('https://api.example.com/', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: 'a=b c',
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
