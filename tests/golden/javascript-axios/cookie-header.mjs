import axios from 'axios';

const response = await axios.get('https://api.example.com/', {
  headers: { Cookie: 'a=1; b=2' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
