import requests

cookies = {"id": "42"}

response = requests.get(
    "https://api.example.com/", cookies=cookies, allow_redirects=False
)
print(response.status_code)
print(response.text)
