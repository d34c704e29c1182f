import axios from 'axios';

const data = [1];

const response = await axios.post('https://api.example.com/', data, {
  headers: {
    Accept: 'text/plain',
    'Content-Type': 'application/json',
  },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
