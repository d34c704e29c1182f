import httpx

params = {"page": "2", "q": "x"}

response = httpx.get("https://api.example.com/search", params=params)
print(response.status_code)
print(response.text)
