import axios from 'axios';

const BASE_URL = process.env.BASE_URL ?? '';

const response = await axios.get(`${BASE_URL}/items`, {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
