import axios from 'axios';

const response = await axios.delete('https://b.example.com/', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
