import got from 'got';

const response = await got('https://dav.example.com/files/', {
  method: 'PROPFIND',
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
