const response = await fetch('http://[::1]:8080/x', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
