import got from 'got';

const response = await got.get('http://api.example.com/items?x=1', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
