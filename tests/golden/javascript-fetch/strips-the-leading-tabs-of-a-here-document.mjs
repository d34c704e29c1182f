const response = await fetch('https://api.example.com/notes', {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: 'indented\nmore\n',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
