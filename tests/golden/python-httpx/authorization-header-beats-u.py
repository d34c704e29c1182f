import httpx

headers = {"Authorization": "Bearer x"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
