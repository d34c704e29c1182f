const response = await fetch('https://b.example.com/', {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ x: '1' }),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
