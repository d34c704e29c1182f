const response = await fetch('https://api.example.com/', {
  headers: {
    'X-Trace-ID': 'abc',
    accept: 'application/json',
    'X-B': '2',
  },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
