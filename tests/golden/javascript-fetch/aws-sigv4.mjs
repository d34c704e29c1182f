const response = await fetch('https://bucket.s3.amazonaws.com/k', { redirect: 'manual' });

console.log(response.status, response.statusText);
console.log(await response.text());
