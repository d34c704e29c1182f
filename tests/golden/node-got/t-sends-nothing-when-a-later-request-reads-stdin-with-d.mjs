import got from 'got';

const response = await got.put('https://api.example.com/blob', {
  body: '',
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
