import got from 'got';

const response = await got.get('http://[::1]:8080/x', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
