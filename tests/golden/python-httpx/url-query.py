import httpx

params = {"q": "a b"}

response = httpx.get("https://api.example.com/s", params=params)
print(response.status_code)
print(response.text)
