import axios from 'axios';

const data = new URLSearchParams({ a: '1' });

const response = await axios.post('https://api.example.com/form', data, {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
