const response = await fetch('https://api.example.com/', {
  headers: { 'X-Time': '12:30:00  UTC' },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
