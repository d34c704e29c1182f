import axios from 'axios';

const data = new URLSearchParams({ q: '1' });

const response = await axios.request({
  method: 'GET',
  url: 'https://api.example.com/search',
  data,
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
