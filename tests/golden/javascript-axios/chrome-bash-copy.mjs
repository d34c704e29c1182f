import axios from 'axios';

const data = { query: '{ me { name } }', note: "it's" };

const response = await axios.post('https://api.example.com/graphql', data, {
  headers: {
    accept: '*/*',
    'content-type': 'application/json',
    origin: 'https://app.example.com',
  },
  maxRedirects: 0,
  responseType: 'text',
  validateStatus: () => true,
});

console.log(response.status, response.statusText);
console.log(response.data);
