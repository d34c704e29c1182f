const response = await fetch('https://api.example.com/', {
  method: 'POST',
  headers: {
    Accept: 'text/plain',
    'Content-Type': 'application/json',
  },
  body: JSON.stringify([1]),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
