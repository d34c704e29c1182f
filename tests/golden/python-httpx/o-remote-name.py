import httpx

response = httpx.get("https://api.example.com/file.zip")
print(response.status_code)
with open("file.zip", "wb") as f:
    f.write(response.content)
