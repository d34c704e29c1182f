import httpx

data = {"x": "1"}

response = httpx.post("https://b.example.com/", data=data)
print(response.status_code)
print(response.text)
