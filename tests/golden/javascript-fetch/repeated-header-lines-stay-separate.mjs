const headers = new Headers();
headers.append('X-A', '1');
headers.append('X-A', '2');

const response = await fetch('https://api.example.com/', {
  headers,
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
