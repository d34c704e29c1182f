import httpx

headers = {"Content-Type": "application/octet-stream"}
with open("data.bin", "rb") as f:
    content = f.read()

response = httpx.post("https://api.example.com/", headers=headers, content=content)
print(response.status_code)
print(response.text)
