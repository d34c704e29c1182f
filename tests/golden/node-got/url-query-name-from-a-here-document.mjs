import got from 'got';

const response = await got.get('https://api.example.com/search?x=0&q=blue+shoes%0a&page=2', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
