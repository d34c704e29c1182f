import httpx

response = httpx.get("https://a.example.com/")
print(response.status_code)
print(response.text)
