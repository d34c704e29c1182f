import axios from 'axios';

const response = await axios.get('https://api.example.com/?q=a+b%2f%c3%a9', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
