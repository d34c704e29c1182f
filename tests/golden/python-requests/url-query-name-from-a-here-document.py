import requests

response = requests.get(
    "https://api.example.com/search?x=0&q=blue+shoes%0a&page=2", allow_redirects=False
)
print(response.status_code)
print(response.text)
