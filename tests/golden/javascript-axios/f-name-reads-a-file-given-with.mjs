import axios from 'axios';
import { readFileSync } from 'node:fs';

const form = new FormData();
form.append('f', new Blob([readFileSync('note.txt')], { type: 'text/plain' }), '-');

const response = await axios.post('https://api.example.com/upload', form, {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
