const response = await fetch('https://api.example.com/?a=1', {
  method: 'HEAD',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
