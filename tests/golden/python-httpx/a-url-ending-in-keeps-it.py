import httpx

response = httpx.get("https://api.example.com/items?")
print(response.status_code)
print(response.text)
