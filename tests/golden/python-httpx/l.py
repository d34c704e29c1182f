import httpx

response = httpx.get("https://api.example.com/", follow_redirects=True)
print(response.status_code)
print(response.text)
