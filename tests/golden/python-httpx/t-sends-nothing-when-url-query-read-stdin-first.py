import httpx

response = httpx.put("https://api.example.com/blob?a%3d1%0a", content="")
print(response.status_code)
print(response.text)
