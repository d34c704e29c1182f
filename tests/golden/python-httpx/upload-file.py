import httpx

with open("data.bin", "rb") as f:
    content = f.read()

response = httpx.put("https://api.example.com/blob", content=content)
print(response.status_code)
print(response.text)
