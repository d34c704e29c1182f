const response = await fetch('https://api.example.com/blob', {
  method: 'PUT',
  body: Buffer.from(''),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
