import requests

headers = {"Content-Type": "application/x-www-form-urlencoded"}

response = requests.post(
    "https://api.example.com/form?n=hi%0a",
    headers=headers,
    data="",
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
