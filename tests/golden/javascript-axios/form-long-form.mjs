import axios from 'axios';

const form = new FormData();
form.append('x', 'y');

const response = await axios.post('https://api.example.com/', form, {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
