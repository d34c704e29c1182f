const response = await fetch('https://api.example.com/', {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: 'a+b',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
