import httpx

data = {"a": "1"}

response = httpx.post("https://api.example.com/form", data=data)
print(response.status_code)
print(response.text)
