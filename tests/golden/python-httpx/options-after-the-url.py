import httpx

headers = {"X-A": "1"}

response = httpx.put("https://api.example.com/x", headers=headers)
print(response.status_code)
print(response.text)
