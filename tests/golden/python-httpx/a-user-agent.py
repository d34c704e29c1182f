import httpx

headers = {"User-Agent": "MyApp/1.0"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
