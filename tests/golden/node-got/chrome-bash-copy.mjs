import got from 'got';

const response = await got.post('https://api.example.com/graphql', {
  headers: {
    accept: '*/*',
    'content-type': 'application/json',
    origin: 'https://app.example.com',
  },
  json: { query: '{ me { name } }', note: "it's" },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
