import requests

data = {"q": "1"}

response = requests.get(
    "https://api.example.com/search", data=data, allow_redirects=False
)
print(response.status_code)
print(response.text)
