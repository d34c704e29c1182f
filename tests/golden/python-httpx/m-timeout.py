import httpx

response = httpx.get("https://api.example.com/", timeout=30)
print(response.status_code)
print(response.text)
