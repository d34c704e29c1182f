import requests

response = requests.request(
    "PROPFIND", "https://dav.example.com/files/", allow_redirects=False
)
print(response.status_code)
print(response.text)
