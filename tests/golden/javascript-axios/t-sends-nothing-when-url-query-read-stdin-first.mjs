import axios from 'axios';

const data = '';

const response = await axios.put('https://api.example.com/blob?a%3d1%0a', data, {
  headers: { 'Content-Type': false },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
