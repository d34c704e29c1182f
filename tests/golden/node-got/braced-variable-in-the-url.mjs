import got from 'got';

const USER_ID = process.env.USER_ID ?? '';

const response = await got.get(`https://api.example.com/users/${USER_ID}/orders`, {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
