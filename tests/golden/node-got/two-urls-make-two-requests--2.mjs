import got from 'got';

const response = await got.get('https://b.example.com/2', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
