import got from 'got';

const response = await got.get('https://api.example.com/', {
  headers: {
    'X-Trace-ID': 'abc',
    accept: 'application/json',
    'X-B': '2',
  },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
