import https from 'node:https';
import zlib from 'node:zlib';

const options = {
  method: 'GET',
  hostname: 'api.example.com',
  path: '/',
  headers: { 'Accept-Encoding': 'gzip, deflate, br' },
};

const response = await new Promise((resolve, reject) => {
  const request = https.request(options, resolve);
  request.on('error', reject);
  request.end();
});

let stream = response;
const encoding = response.headers['content-encoding'];
if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
else if (encoding === 'gzip' || encoding === 'deflate') stream = response.pipe(zlib.createUnzip());
const chunks = [];
for await (const chunk of stream) chunks.push(chunk);
console.log(response.statusCode, response.statusMessage);
console.log(Buffer.concat(chunks).toString());
