const response = await fetch('https://api.example.com/search?page=2&q=x', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
