import axios from 'axios';

const response = await axios.get('https://api.example.com/search?a%3d1%26b%3d2%0a', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
