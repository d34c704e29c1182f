import got from 'got';

const response = await got.get('https://bucket.s3.amazonaws.com/k', {
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
