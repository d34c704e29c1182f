import httpx

headers = {"X-Empty": ""}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
