import axios from 'axios';

const response = await axios.get('https://api.example.com/search?a=1', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
