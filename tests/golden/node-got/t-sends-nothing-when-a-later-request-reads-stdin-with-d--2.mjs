import got from 'got';

const response = await got.post('https://api.example.com/form', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  form: { a: '1' },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
