import httpx

response = httpx.get("https://api.example.com/")
print(response.status_code)
with open("out.json", "wb") as f:
    f.write(response.content)
