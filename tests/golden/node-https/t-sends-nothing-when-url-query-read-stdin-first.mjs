import https from 'node:https';

const body = '';

const options = {
  method: 'PUT',
  hostname: 'api.example.com',
  path: '/blob?a%3d1%0a',
  headers: { 'Content-Length': Buffer.byteLength(body) },
};

const response = await new Promise((resolve, reject) => {
  const request = https.request(options, resolve);
  request.on('error', reject);
  request.write(body);
  request.end();
});

const chunks = [];
for await (const chunk of response) chunks.push(chunk);
console.log(response.statusCode, response.statusMessage);
console.log(Buffer.concat(chunks).toString());
