import requests

response = requests.get(
    "https://api.example.com/",
    auth=("me@example.com", "p@ss word"),
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
