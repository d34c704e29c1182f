import requests

response = requests.get(
    "https://api.example.com/s?x=1&raw=a%20b", allow_redirects=False
)
print(response.status_code)
print(response.text)
