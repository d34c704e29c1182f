import got from 'got';

const response = await got.get('https://api.example.com/', {
  headers: { Cookie: 'a=1;b=2' },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
