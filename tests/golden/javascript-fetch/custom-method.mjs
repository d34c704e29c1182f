const response = await fetch('https://dav.example.com/files/', {
  method: 'PROPFIND',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
