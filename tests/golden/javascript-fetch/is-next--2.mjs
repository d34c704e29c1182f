const response = await fetch('https://b.example.com/', {
  method: 'DELETE',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
