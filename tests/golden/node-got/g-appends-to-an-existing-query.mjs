import got from 'got';

const response = await got.get('https://api.example.com/search?page=2&q=x', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
