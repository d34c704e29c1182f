import https from 'node:https';

const body = new URLSearchParams({ a: '1' }).toString();

const options = {
  method: 'POST',
  hostname: 'api.example.com',
  path: '/form',
  headers: {
    'Content-Type': 'application/x-www-form-urlencoded',
    'Content-Length': Buffer.byteLength(body),
  },
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
