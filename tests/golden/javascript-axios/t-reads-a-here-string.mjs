import axios from 'axios';

const data = 'a=1\n';

const response = await axios.put('https://api.example.com/blob', data, {
  headers: { 'Content-Type': false },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
