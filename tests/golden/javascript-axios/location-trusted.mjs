import axios from 'axios';

const response = await axios.get('https://api.example.com/', {
  auth: { username: 'a', password: 'b' },
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
