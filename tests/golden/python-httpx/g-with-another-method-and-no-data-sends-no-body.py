import httpx

response = httpx.post("https://api.example.com/items")
print(response.status_code)
print(response.text)
