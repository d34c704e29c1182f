const response = await fetch('https://self-signed.example/', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
