const response = await fetch('https://api.example.com/v1/charges', {
  method: 'POST',
  headers: {
    Authorization: `Basic ${Buffer.from('sk_test_123:').toString('base64')}`,
    'Content-Type': 'application/x-www-form-urlencoded',
  },
  body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
  redirect: 'manual',
});

console.log(response.status, response.statusText);
console.log(await response.text());
