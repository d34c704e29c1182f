const response = await fetch('https://api.example.com/', { method: 'POST' });

console.log(response.status, response.statusText);
console.log(await response.text());
