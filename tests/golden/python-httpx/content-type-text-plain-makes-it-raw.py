import httpx

headers = {"Content-Type": "text/plain"}

response = httpx.post("https://api.example.com/", headers=headers, content="hello")
print(response.status_code)
print(response.text)
