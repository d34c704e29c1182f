const response = await fetch('https://api.example.com/', {
  redirect: 'manual',
  signal: AbortSignal.timeout(30000),
});

console.log(response.status, response.statusText);
console.log(await response.text());
