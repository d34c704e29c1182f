import httpx

response = httpx.get("https://api.example.com/u")
print(response.status_code)
print(response.text)
