import axios from 'axios';

const data = 'first line\nsecond line\n';

const response = await axios.post('https://api.example.com/notes', data, {
  headers: { 'Content-Type': 'text/plain' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
