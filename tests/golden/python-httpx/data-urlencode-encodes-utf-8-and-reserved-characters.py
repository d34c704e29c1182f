import httpx

data = {"city": "Zürich/~*!"}

response = httpx.post("https://api.example.com/", data=data)
print(response.status_code)
print(response.text)
