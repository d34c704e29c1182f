import httpx

response = httpx.head("https://api.example.com/")
print(response.status_code)
print(response.text)
