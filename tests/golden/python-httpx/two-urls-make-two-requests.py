import httpx

response = httpx.get("https://a.example.com/1")
print(response.status_code)
print(response.text)
