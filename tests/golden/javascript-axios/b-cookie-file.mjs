import axios from 'axios';

const response = await axios.get('http://127.0.0.1/', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
