const response = await fetch('https://api.example.com/', {
  headers: { 'User-Agent': 'MyApp/1.0' },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
