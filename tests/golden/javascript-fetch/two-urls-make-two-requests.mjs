const response = await fetch('https://a.example.com/1', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
