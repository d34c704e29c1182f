const response = await fetch('https://api.example.com/search?q=blue%20shoes&sort=-price&tags=a,b', {
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
