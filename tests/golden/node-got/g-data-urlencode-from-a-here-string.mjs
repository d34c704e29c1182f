import got from 'got';

const response = await got.get('https://api.example.com/search?q=a+b%0a&n=1', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
