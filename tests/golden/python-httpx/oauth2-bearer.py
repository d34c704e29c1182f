import httpx

headers = {"Authorization": "Bearer tok123"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
