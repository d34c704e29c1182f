const response = await fetch('https://api.example.com/', {
  headers: { 'User-Agent': 'Mozilla/5.0 (X11)' },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
