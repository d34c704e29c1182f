import axios from 'axios';

const response = await axios.put('https://api.example.com/x', null, {
  headers: {
    'X-A': '1',
    'Content-Type': false,
  },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
