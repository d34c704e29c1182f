const response = await fetch('https://api.example.com/', {
  headers: { Cookie: 'id=42' },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
