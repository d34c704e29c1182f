import axios from 'axios';

const response = await axios.get('https://api.example.com/', {
  auth: { username: 'alice', password: 's3cret' },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
