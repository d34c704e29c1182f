import httpx

response = httpx.get("https://b.example.com/2")
print(response.status_code)
print(response.text)
