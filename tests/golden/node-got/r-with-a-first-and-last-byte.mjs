import got from 'got';

const response = await got.get('https://api.example.com/file.bin', {
  headers: { Range: 'bytes=0-99' },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
