import axios from 'axios';
import { readFileSync } from 'node:fs';

const data = readFileSync('body.json');

const response = await axios.post('https://api.example.com/', data, {
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
