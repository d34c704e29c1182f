const response = await fetch('https://api.example.com/x', {
  method: 'PUT',
  headers: { 'X-A': '1' },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
