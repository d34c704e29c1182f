const response = await fetch('https://api.example.com/');

console.log(response.status, response.statusText);
console.log(await response.text());
