import axios from 'axios';

const response = await axios.post('https://api.example.com/', null, {
  headers: { 'Content-Type': false },
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
