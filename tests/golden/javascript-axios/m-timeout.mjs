import axios from 'axios';

const response = await axios.get('https://api.example.com/', {
  maxRedirects: 0,
  timeout: 30000,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
