const response = await fetch('https://api.example.com/?q=a+b%2f%c3%a9', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
