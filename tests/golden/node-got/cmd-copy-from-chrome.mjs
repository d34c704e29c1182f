import got from 'got';

const response = await got.post('https://api.example.com/items?a=1&b=2', {
  headers: {
    accept: 'application/json',
    'Content-Type': 'application/x-www-form-urlencoded',
  },
  body: '{"name":"a b"}',
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
