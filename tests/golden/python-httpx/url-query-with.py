import httpx

response = httpx.get("https://api.example.com/s?x=1&raw=a%20b")
print(response.status_code)
print(response.text)
