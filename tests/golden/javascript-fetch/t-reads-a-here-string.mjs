const response = await fetch('https://api.example.com/blob', {
  method: 'PUT',
  body: Buffer.from('a=1\n'),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
