import httpx

headers = {"Content-Type": "application/x-www-form-urlencoded"}

response = httpx.post(
    "https://api.example.com/form", headers=headers, content="a=1&b=$2"
)
print(response.status_code)
print(response.text)
