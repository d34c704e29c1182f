import axios from 'axios';

const response = await axios.get('https://api.example.com/', {
  maxRedirects: 0,
  proxy: { protocol: 'http', host: 'proxy.local', port: 3128, auth: { username: 'pu', password: 'pp' } },
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
