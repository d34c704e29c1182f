import requests

headers = {"Content-Type": "application/x-www-form-urlencoded"}

response = requests.post(
    "https://api.example.com/form",
    headers=headers,
    data="q=blue shoes",
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
