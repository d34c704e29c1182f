const response = await fetch('https://api.example.com/', {
  headers: { Cookie: 'session=abc; theme=dark' },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
