import axios from 'axios';

const data = { name: 'Blue shoes', price: 42.5 };

const response = await axios.post('https://api.example.com/items', data, {
  headers: { 'Content-Type': 'application/json' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
