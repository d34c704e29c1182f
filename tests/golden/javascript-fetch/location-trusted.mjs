const response = await fetch('https://api.example.com/', {
  headers: { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
});

console.log(response.status, response.statusText);
console.log(await response.text());
