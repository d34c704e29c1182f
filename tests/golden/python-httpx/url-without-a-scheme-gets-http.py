import httpx

params = {"x": "1"}

response = httpx.get("http://api.example.com/items", params=params)
print(response.status_code)
print(response.text)
