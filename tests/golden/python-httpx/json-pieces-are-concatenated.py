import httpx

headers = {"Content-Type": "application/json", "Accept": "application/json"}

response = httpx.post(
    "https://api.example.com/", headers=headers, content='{"a":1}{"b":2}'
)
print(response.status_code)
print(response.text)
