import got from 'got';

const response = await got.get('https://api.example.com/?q=a+b%2f%c3%a9', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
