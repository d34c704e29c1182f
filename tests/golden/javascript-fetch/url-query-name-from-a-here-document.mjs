const response = await fetch('https://api.example.com/search?x=0&q=blue+shoes%0a&page=2', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
