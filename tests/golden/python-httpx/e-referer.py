import httpx

headers = {"Referer": "https://example.com/from"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
