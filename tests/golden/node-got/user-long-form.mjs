import got from 'got';

const response = await got.get('https://api.example.com/', {
  username: 'me@example.com',
  password: 'p@ss word',
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
