const response = await fetch('https://api.example.com/', {
  headers: { Authorization: `Basic ${Buffer.from('alice:s3cret').toString('base64')}` },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
