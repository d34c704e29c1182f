import requests

params = {"q": "shoes", "limit": "10"}

response = requests.get(
    "https://api.example.com/search", params=params, allow_redirects=False
)
print(response.status_code)
print(response.text)
