import got from 'got';

const response = await got.get('https://api.example.com/search?a%3d1%26b%3d2%0a', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
