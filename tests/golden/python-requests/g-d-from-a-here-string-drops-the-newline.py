import requests

params = {"a": "1"}

response = requests.get(
    "https://api.example.com/search", params=params, allow_redirects=False
)
print(response.status_code)
print(response.text)
