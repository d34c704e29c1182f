import httpx

headers = {"Content-Type": "application/json", "Accept": "application/json"}

response = httpx.post(
    "https://api.example.com/items", headers=headers, content='{"name": "Blue"}\n'
)
print(response.status_code)
print(response.text)
