const response = await fetch('https://api.example.com/form?n=hi%0a', {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: '',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
