const response = await fetch('https://api.example.com/notes', {
  method: 'POST',
  headers: { 'Content-Type': 'text/plain' },
  body: 'first line\nsecond line\n',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
