import got from 'got';

const response = await got.post('https://api.example.com/', {
  headers: {
    Accept: 'text/plain',
    'Content-Type': 'application/json',
  },
  json: [1],
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
