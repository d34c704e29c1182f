import httpx

params = {"id": "7"}

response = httpx.get("https://api.example.com/", params=params)
print(response.status_code)
print(response.text)
