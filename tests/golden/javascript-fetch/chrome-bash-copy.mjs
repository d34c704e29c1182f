const response = await fetch('https://api.example.com/graphql', {
  method: 'POST',
  headers: {
    accept: '*/*',
    'content-type': 'application/json',
    origin: 'https://app.example.com',
  },
  body: JSON.stringify({ query: '{ me { name } }', note: "it's" }),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
