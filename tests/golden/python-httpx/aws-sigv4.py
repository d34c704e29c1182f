import httpx

response = httpx.get("https://bucket.s3.amazonaws.com/k")
print(response.status_code)
print(response.text)
