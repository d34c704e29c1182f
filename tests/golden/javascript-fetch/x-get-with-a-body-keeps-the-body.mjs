const response = await fetch('https://api.example.com/search', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
