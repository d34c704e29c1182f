import httpx

headers = {"User-Agent": "Mozilla/5.0 (X11)"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
