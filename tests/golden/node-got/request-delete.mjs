import got from 'got';

const response = await got.delete('https://api.example.com/items/1', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
