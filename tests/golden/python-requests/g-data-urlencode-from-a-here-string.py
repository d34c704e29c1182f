import requests

response = requests.get(
    "https://api.example.com/search?q=a+b%0a&n=1", allow_redirects=False
)
print(response.status_code)
print(response.text)
