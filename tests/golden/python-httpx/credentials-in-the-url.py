import httpx

response = httpx.get("https://api.example.com/", auth=("bob", "pw"))
print(response.status_code)
print(response.text)
