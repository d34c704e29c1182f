import httpx

response = httpx.delete("https://api.example.com/items/1")
print(response.status_code)
print(response.text)
