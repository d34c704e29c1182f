import axios from 'axios';

const data = new URLSearchParams({ amount: '2000', currency: 'usd' });

const response = await axios.post('https://api.example.com/v1/charges', data, {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  auth: { username: 'sk_test_123', password: '' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
