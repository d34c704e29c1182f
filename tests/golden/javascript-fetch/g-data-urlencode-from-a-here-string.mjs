const response = await fetch('https://api.example.com/search?q=a+b%0a&n=1', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
