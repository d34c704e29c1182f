const response = await fetch('https://api.example.com/s?x=1&raw=a%20b', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
