const response = await fetch('https://api.example.com/', {
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  },
  body: '{"a":1}{"b":2}',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
