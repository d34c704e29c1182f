import httpx

params = {"a": "1"}

response = httpx.get("https://api.example.com/search", params=params)
print(response.status_code)
print(response.text)
