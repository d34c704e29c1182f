import httpx

response = httpx.get("https://api.example.com/search?a%3d1%26b%3d2%0a")
print(response.status_code)
print(response.text)
