import axios from 'axios';

const data = new URLSearchParams({ x: '1' });

const response = await axios.post('https://b.example.com/', data, {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
