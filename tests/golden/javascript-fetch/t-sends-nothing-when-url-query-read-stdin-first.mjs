const response = await fetch('https://api.example.com/blob?a%3d1%0a', {
  method: 'PUT',
  body: Buffer.from(''),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
