import axios from 'axios';

const response = await axios.get('https://b.example.com/2', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
