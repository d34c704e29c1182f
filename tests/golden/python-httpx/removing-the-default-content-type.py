import httpx

response = httpx.post("https://api.example.com/", content="x")
print(response.status_code)
print(response.text)
