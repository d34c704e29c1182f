const response = await fetch('https://api.example.com/items', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ name: 'Blue shoes', price: 42.5 }),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
