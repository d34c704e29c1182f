import httpx

data = {"a": "1"}

response = httpx.put("https://api.example.com/", data=data)
print(response.status_code)
print(response.text)
