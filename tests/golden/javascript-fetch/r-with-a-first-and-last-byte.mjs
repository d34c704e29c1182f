const response = await fetch('https://api.example.com/file.bin', {
  headers: { Range: 'bytes=0-99' },
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
