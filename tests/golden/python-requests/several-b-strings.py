import requests

cookies = {"a": "1", "b": "2"}

response = requests.get(
    "https://api.example.com/", cookies=cookies, allow_redirects=False
)
print(response.status_code)
print(response.text)
