import axios from 'axios';

const response = await axios.get('http://localhost:8080/api/v1/users/42', {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
