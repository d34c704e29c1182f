import httpx

data = {"q": "blue shoes & socks"}

response = httpx.post("https://api.example.com/", data=data)
print(response.status_code)
print(response.text)
