import httpx

response = httpx.get("https://api.example.com/", auth=("alice", ""))
print(response.status_code)
print(response.text)
