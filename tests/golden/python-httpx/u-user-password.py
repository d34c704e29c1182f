import httpx

response = httpx.get("https://api.example.com/", auth=("alice", "s3cret"))
print(response.status_code)
print(response.text)
