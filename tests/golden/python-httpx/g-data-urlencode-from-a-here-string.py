import httpx

response = httpx.get("https://api.example.com/search?q=a+b%0a&n=1")
print(response.status_code)
print(response.text)
