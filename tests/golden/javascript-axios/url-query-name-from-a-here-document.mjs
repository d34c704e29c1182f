import axios from 'axios';

const response = await axios.get('https://api.example.com/search?x=0&q=blue+shoes%0a&page=2', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
