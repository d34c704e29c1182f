import requests

headers = {"Content-Type": "application/json", "Accept": "application/json"}

response = requests.post(
    "https://api.example.com/items",
    headers=headers,
    data='{"name": "Blue"}\n',
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
