import httpx

headers = {"X-Time": "12:30:00  UTC"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
