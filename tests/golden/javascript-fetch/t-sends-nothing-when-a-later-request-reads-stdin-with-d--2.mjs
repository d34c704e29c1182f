const response = await fetch('https://api.example.com/form', {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ a: '1' }),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
