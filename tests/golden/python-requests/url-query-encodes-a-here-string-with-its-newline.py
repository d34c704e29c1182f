import requests

response = requests.get(
    "https://api.example.com/search?a%3d1%26b%3d2%0a", allow_redirects=False
)
print(response.status_code)
print(response.text)
