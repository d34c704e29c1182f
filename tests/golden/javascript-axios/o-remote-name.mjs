import axios from 'axios';
import { writeFileSync } from 'node:fs';

const response = await axios.get('https://api.example.com/file.zip', {
  maxRedirects: 0,
  responseType: 'arraybuffer',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
writeFileSync('file.zip', response.data);
