import requests

headers = {"Content-Type": "application/x-www-form-urlencoded"}

response = requests.post(
    "https://api.example.com/",
    headers=headers,
    data="name=Blue%20shoes&price=42",
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
