import got from 'got';

const response = await got.get('https://api.example.com/search?q=blue%20shoes&sort=-price&tags=a,b', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
