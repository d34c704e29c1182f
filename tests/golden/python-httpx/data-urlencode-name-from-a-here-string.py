import httpx

data = {"msg": "a&b c\n"}

response = httpx.post("https://api.example.com/form", data=data)
print(response.status_code)
print(response.text)
