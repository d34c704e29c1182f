import got from 'got';

const form = new FormData();
form.append('title', 'Report');

const response = await got.post('https://api.example.com/upload', {
  body: form,
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
