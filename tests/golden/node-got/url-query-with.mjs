import got from 'got';

const response = await got.get('https://api.example.com/s?x=1&raw=a%20b', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
