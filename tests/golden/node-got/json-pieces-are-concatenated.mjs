import got from 'got';

const response = await got.post('https://api.example.com/', {
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  },
  body: '{"a":1}{"b":2}',
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
