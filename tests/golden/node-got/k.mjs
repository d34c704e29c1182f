import got from 'got';

const response = await got.get('https://self-signed.example/', {
  followRedirect: false,
  https: { rejectUnauthorized: false },
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
