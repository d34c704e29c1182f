import axios from 'axios';

const response = await axios.request({
  method: 'PROPFIND',
  url: 'https://dav.example.com/files/',
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
