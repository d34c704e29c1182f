import got from 'got';

const TOKEN = process.env.TOKEN ?? '';

const response = await got.get('https://api.example.com/', {
  headers: { Authorization: `Bearer ${TOKEN}` },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
