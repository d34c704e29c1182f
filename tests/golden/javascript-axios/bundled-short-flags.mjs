import axios from 'axios';
import https from 'node:https';

const response = await axios.get('https://api.example.com/', {
  httpsAgent: new https.Agent({ rejectUnauthorized: false }),
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
