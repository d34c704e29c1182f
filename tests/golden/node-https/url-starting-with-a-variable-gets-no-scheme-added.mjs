import http from 'node:http';
import https from 'node:https';

const BASE_URL = process.env.BASE_URL ?? '';

const url = new URL(`${BASE_URL}/items`);
const client = url.protocol === 'https:' ? https : http;

const options = {
  method: 'GET',
};

const response = await new Promise((resolve, reject) => {
  const request = client.request(url, options, resolve);
  request.on('error', reject);
  request.end();
});

const chunks = [];
for await (const chunk of response) chunks.push(chunk);
console.log(response.statusCode, response.statusMessage);
console.log(Buffer.concat(chunks).toString());
