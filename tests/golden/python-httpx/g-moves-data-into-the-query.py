import httpx

params = {"q": "shoes", "limit": "10"}

response = httpx.get("https://api.example.com/search", params=params)
print(response.status_code)
print(response.text)
