import axios from 'axios';

const response = await axios.post('https://api.example.com/items', null, {
  headers: { 'Content-Type': false },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
