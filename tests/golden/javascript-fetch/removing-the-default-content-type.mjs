const response = await fetch('https://api.example.com/', {
  method: 'POST',
  body: Buffer.from('x'),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
