const response = await fetch('https://api.example.com/', {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: 'city=Z%C3%BCrich%2F~%2A%21',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
