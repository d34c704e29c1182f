import requests

response = requests.get(
    "https://api.example.com/?q=a+b%2f%c3%a9", allow_redirects=False
)
print(response.status_code)
print(response.text)
