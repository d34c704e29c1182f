import axios from 'axios';

const data = { data: {} };

const response = await axios.post('https://api.example.com/', data, {
  headers: { 'Content-Type': 'application/vnd.api+json' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
