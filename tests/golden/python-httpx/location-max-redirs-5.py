import httpx

with httpx.Client(follow_redirects=True, max_redirects=5) as client:
    response = client.get("https://api.example.com/")

print(response.status_code)
print(response.text)
