import requests

params = {"q": "a b"}

response = requests.get(
    "https://api.example.com/s", params=params, allow_redirects=False
)
print(response.status_code)
print(response.text)
