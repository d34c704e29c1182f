import requests

params = {"x": "1"}

response = requests.get(
    "http://api.example.com/items", params=params, allow_redirects=False
)
print(response.status_code)
print(response.text)
