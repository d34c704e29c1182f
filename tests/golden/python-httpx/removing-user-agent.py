import httpx

with httpx.Client() as client:
    del client.headers["User-Agent"]
    response = client.get("https://api.example.com/")

print(response.status_code)
print(response.text)
