import got from 'got';

const response = await got.get('http://localhost:8080/api/v1/users/42', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
