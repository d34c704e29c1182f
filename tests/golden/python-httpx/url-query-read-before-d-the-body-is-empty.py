import httpx

headers = {"Content-Type": "application/x-www-form-urlencoded"}

response = httpx.post(
    "https://api.example.com/form?n=hi%0a", headers=headers, content=""
)
print(response.status_code)
print(response.text)
