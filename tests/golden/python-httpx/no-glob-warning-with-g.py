import httpx

response = httpx.get("https://api.example.com/items/[1-3]")
print(response.status_code)
print(response.text)
