const BASE_URL = process.env.BASE_URL ?? '';

const response = await fetch(`${BASE_URL}/items`, { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
