import axios from 'axios';

const response = await axios.get('https://api.example.com/', {
  headers: { 'User-Agent': 'Mozilla/5.0 (X11)' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
