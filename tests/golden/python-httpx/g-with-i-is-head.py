import httpx

params = {"a": "1"}

response = httpx.head("https://api.example.com/", params=params)
print(response.status_code)
print(response.text)
