import httpx

response = httpx.get("https://api.example.com/", timeout=2.5)
print(response.status_code)
print(response.text)
