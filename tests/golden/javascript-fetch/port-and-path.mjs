const response = await fetch('http://localhost:8080/api/v1/users/42', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
