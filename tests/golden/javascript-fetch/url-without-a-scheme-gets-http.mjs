const response = await fetch('http://api.example.com/items?x=1', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
