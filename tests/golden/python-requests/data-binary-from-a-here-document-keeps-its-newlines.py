import requests

headers = {"Content-Type": "text/plain"}

response = requests.post(
    "https://api.example.com/notes",
    headers=headers,
    data="first line\nsecond line\n",
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
