import httpx

response = httpx.get("https://api.example.com/search?x=0&q=blue+shoes%0a&page=2")
print(response.status_code)
print(response.text)
