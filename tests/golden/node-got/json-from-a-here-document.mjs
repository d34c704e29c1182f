import got from 'got';

const response = await got.post('https://api.example.com/items', {
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  },
  body: '{"name": "Blue"}\n',
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
