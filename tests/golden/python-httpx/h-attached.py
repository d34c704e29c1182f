import httpx

headers = {"X-A": "1"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
