const response = await fetch('https://api.example.com/search?q=shoes&limit=10', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
