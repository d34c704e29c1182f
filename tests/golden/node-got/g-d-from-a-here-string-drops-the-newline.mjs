import got from 'got';

const response = await got.get('https://api.example.com/search?a=1', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
