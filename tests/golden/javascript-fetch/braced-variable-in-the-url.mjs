const USER_ID = process.env.USER_ID ?? '';

const response = await fetch(`https://api.example.com/users/${USER_ID}/orders`, { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
