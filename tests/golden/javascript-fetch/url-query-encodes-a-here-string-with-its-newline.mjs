const response = await fetch('https://api.example.com/search?a%3d1%26b%3d2%0a', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
