import requests

headers = {"Cookie": "a=1; b=2"}

response = requests.get(
    "https://api.example.com/", headers=headers, allow_redirects=False
)
print(response.status_code)
print(response.text)
