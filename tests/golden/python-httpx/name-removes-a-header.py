import httpx

with httpx.Client() as client:
    del client.headers["Accept"]
    response = client.get("https://api.example.com/")

print(response.status_code)
print(response.text)
