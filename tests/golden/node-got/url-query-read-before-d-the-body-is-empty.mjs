import got from 'got';

const response = await got.post('https://api.example.com/form?n=hi%0a', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: '',
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
