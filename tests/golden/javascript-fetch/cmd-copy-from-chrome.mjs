const response = await fetch('https://api.example.com/items?a=1&b=2', {
  method: 'POST',
  headers: {
    accept: 'application/json',
    'Content-Type': 'application/x-www-form-urlencoded',
  },
  body: '{"name":"a b"}',
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
