import axios from 'axios';
import { readFileSync } from 'node:fs';

const data = readFileSync('note.txt');

const response = await axios.put('https://api.example.com/blob', data, {
  headers: { 'Content-Type': false },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
