import got from 'got';

const response = await got.post('https://api.example.com/', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: 'city=Z%C3%BCrich%2F~%2A%21',
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
