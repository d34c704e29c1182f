import axios from 'axios';
import { readFileSync } from 'node:fs';

const data = readFileSync('data.bin');

const response = await axios.post('https://api.example.com/', data, {
  headers: { 'Content-Type': 'application/octet-stream' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
