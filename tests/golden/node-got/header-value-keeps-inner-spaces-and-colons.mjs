import got from 'got';

const response = await got.get('https://api.example.com/', {
  headers: { 'X-Time': '12:30:00  UTC' },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
