const response = await fetch('https://api.example.com/items?', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
