import requests

response = requests.put(
    "https://api.example.com/blob?a%3d1%0a", data="", allow_redirects=False
)
print(response.status_code)
print(response.text)
