const response = await fetch('https://api.example.com/', {
  method: 'POST',
  headers: { 'Content-Type': 'text/plain' },
  body: 'hello',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
