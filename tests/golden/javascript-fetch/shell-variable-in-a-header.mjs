const TOKEN = process.env.TOKEN ?? '';

const response = await fetch('https://api.example.com/', {
  headers: { Authorization: `Bearer ${TOKEN}` },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
