const form = new FormData();
form.append('handle', '@alice');

const response = await fetch('https://api.example.com/', {
  method: 'POST',
  body: form,
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
