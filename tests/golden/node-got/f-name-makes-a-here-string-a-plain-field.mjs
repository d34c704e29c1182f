import got from 'got';

const boundary = `----FormBoundary${crypto.randomUUID()}`;

function formPart(headers, data) {
  const head = `--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(data), Buffer.from('\r\n')]);
}

const body = Buffer.concat([
  formPart(['Content-Disposition: form-data; name="msg"'], 'hello there\n'),
  formPart(['Content-Disposition: form-data; name="b"'], '2'),
  Buffer.from(`--${boundary}--\r\n`),
]);

const response = await got.post('https://api.example.com/upload', {
  headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  body,
  followRedirect: false,
  throwHttpErrors: false,
});

console.log(response.statusCode, response.statusMessage);
console.log(response.body);
