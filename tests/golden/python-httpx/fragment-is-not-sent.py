import httpx

response = httpx.get("https://api.example.com/page#section")
print(response.status_code)
print(response.text)
