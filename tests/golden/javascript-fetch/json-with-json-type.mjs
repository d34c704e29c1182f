const response = await fetch('https://api.example.com/', {
  method: 'POST',
  headers: { 'Content-Type': 'application/vnd.api+json' },
  body: JSON.stringify({ data: {} }),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
