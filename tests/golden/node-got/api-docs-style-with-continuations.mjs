import got from 'got';

const response = await got.post('https://api.example.com/v1/charges', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  username: 'sk_test_123',
  password: '',
  form: { amount: '2000', currency: 'usd' },
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
