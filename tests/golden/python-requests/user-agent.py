import requests

headers = {"User-Agent": "Mozilla/5.0 (X11)"}

response = requests.get(
    "https://api.example.com/", headers=headers, allow_redirects=False
)
print(response.status_code)
print(response.text)
