import https from 'node:https';

const boundary = `----FormBoundary${crypto.randomUUID()}`;

function formPart(headers, data) {
  const head = `--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(data), Buffer.from('\r\n')]);
}

const body = Buffer.concat([
  formPart(['Content-Disposition: form-data; name="f"; filename="-"'], 'hello\n'),
  Buffer.from(`--${boundary}--\r\n`),
]);

const options = {
  method: 'POST',
  hostname: 'api.example.com',
  path: '/upload',
  headers: {
    'Content-Type': `multipart/form-data; boundary=${boundary}`,
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
