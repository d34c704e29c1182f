const response = await fetch('https://api.example.com/items', {
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  },
  body: '{"name": "Blue"}\n',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
