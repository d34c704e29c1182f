import axios from 'axios';
import { readFileSync } from 'node:fs';

const data = readFileSync('form.txt', 'utf8').replace(/[\r\n]/g, '');

const response = await axios.post('https://api.example.com/', data, {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
