import requests

response = requests.get(
    "https://api.example.com/", timeout=(5, None), allow_redirects=False
)
print(response.status_code)
print(response.text)
