import axios from 'axios';

const form = new FormData();
form.append('c', 'q;r');

const response = await axios.post('https://api.example.com/upload', form, {
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
