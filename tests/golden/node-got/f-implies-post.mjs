import got from 'got';

const form = new FormData();
form.append('a', '1');

const response = await got.post('https://api.example.com/', {
  body: form,
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
