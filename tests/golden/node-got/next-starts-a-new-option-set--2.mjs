import got from 'got';

const response = await got.post('https://b.example.com/', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  form: { x: '1' },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
