import axios from 'axios';

const TOKEN = process.env.TOKEN ?? '';

const response = await axios.get('https://api.example.com/', {
  headers: { Authorization: `Bearer ${TOKEN}` },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
