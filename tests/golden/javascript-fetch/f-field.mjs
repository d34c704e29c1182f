const form = new FormData();
form.append('title', 'Report');

const response = await fetch('https://api.example.com/upload', {
  method: 'POST',
  body: form,
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
