import requests

headers = {"Content-Type": "application/x-www-form-urlencoded"}

response = requests.post(
    "https://api.example.com/notes",
    headers=headers,
    data="indented\nmore\n",
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
