const response = await fetch('http://127.0.0.1/', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
