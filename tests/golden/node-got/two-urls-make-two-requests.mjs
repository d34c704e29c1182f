import got from 'got';

const response = await got.get('https://a.example.com/1', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
