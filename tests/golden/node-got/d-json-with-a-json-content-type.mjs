import got from 'got';

const response = await got.post('https://api.example.com/items', {
  headers: { 'Content-Type': 'application/json' },
  json: { name: 'Blue shoes', price: 42.5 },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
