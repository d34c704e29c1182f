import axios from 'axios';

const response = await axios.delete('https://api.example.com/items/1', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
