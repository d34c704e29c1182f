import got from 'got';

const response = await got.post('https://api.example.com/items', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
