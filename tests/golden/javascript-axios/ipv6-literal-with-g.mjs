import axios from 'axios';

const response = await axios.get('http://[::1]:8080/x', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
