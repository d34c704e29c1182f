import httpx

response = httpx.get("https://api.example.com/x")
print(response.status_code)
print(response.text)
