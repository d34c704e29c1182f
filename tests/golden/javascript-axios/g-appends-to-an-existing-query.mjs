import axios from 'axios';

const response = await axios.get('https://api.example.com/search?page=2&q=x', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
