import httpx

response = httpx.get("https://api.example.com/", auth=("me@example.com", "p@ss word"))
print(response.status_code)
print(response.text)
