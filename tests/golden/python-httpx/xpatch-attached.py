import httpx

data = {"a": "1"}

response = httpx.patch("https://api.example.com/items/1", data=data)
print(response.status_code)
print(response.text)
