const response = await fetch('https://b.example.com/2', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
