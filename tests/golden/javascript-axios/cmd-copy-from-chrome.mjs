import axios from 'axios';

const data = '{"name":"a b"}';

const response = await axios.post('https://api.example.com/items?a=1&b=2', data, {
  headers: {
    accept: 'application/json',
    'Content-Type': 'application/x-www-form-urlencoded',
  },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
