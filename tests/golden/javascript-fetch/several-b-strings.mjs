const response = await fetch('https://api.example.com/', {
  headers: { Cookie: 'a=1;b=2' },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
