import httpx

headers = {"Content-Type": "application/json", "Accept": "application/json"}
with open("body.json", "rb") as f:
    content = f.read()

response = httpx.post("https://api.example.com/", headers=headers, content=content)
print(response.status_code)
print(response.text)
