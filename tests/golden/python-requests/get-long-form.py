import requests

params = {"id": "7"}

response = requests.get(
    "https://api.example.com/", params=params, allow_redirects=False
)
print(response.status_code)
print(response.text)
