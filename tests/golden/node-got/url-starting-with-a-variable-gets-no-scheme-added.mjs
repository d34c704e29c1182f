import got from 'got';

const BASE_URL = process.env.BASE_URL ?? '';

const response = await got.get(`${BASE_URL}/items`, {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
