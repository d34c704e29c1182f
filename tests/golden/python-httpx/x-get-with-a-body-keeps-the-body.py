import httpx

data = {"q": "1"}

response = httpx.request("GET", "https://api.example.com/search", data=data)
print(response.status_code)
print(response.text)
