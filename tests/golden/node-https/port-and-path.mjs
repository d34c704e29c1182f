import http from 'node:http';

const options = {
  method: 'GET',
  hostname: 'localhost',
  port: 8080,
  path: '/api/v1/users/42',
};

const response = await new Promise((resolve, reject) => {
  const request = http.request(options, resolve);
  request.on('error', reject);
  request.end();
});

const chunks = [];
for await (const chunk of response) chunks.push(chunk);
console.log(response.statusCode, response.statusMessage);
console.log(Buffer.concat(chunks).toString());
