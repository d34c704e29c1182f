import axios from 'axios';

const USER_ID = process.env.USER_ID ?? '';

const response = await axios.get(`https://api.example.com/users/${USER_ID}/orders`, {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
