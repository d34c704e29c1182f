import httpx

response = httpx.get("https://api.example.com/{a,b}.json")
print(response.status_code)
print(response.text)
