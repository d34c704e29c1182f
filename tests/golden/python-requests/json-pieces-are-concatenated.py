import requests

headers = {"Content-Type": "application/json", "Accept": "application/json"}

response = requests.post(
    "https://api.example.com/",
    headers=headers,
    data='{"a":1}{"b":2}',
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
