const response = await fetch('https://api.example.com/', {
  headers: { Authorization: `Basic ${Buffer.from('alice:pa:ss').toString('base64')}` },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
