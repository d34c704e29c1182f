const response = await fetch('https://api.example.com/?id=7', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
