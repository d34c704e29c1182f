const response = await fetch('https://api.example.com/', {
  headers: { 'X-Empty': '' },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
