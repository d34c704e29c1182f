const response = await fetch('https://api.example.com/search?a=1', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
