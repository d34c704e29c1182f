import requests

params = {"page": "2", "q": "x"}

response = requests.get(
    "https://api.example.com/search", params=params, allow_redirects=False
)
print(response.status_code)
print(response.text)
