import httpx

response = httpx.get("https://api.example.com/", auth=("alice", "pa:ss"))
print(response.status_code)
print(response.text)
