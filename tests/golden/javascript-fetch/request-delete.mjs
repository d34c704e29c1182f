const response = await fetch('https://api.example.com/items/1', {
  method: 'DELETE',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
