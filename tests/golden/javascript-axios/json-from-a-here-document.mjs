import axios from 'axios';

const data = Buffer.from('{"name": "Blue"}\n');

const response = await axios.post('https://api.example.com/items', data, {
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
