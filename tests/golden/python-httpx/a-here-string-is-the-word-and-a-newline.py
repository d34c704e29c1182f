import httpx

headers = {"Content-Type": "application/x-www-form-urlencoded"}

response = httpx.post(
    "https://api.example.com/form", headers=headers, content="q=blue shoes"
)
print(response.status_code)
print(response.text)
