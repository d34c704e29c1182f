import httpx

response = httpx.get("https://api.example.com/", timeout=httpx.Timeout(None, connect=5))
print(response.status_code)
print(response.text)
