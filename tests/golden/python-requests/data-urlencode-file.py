from urllib.parse import quote_plus

import requests

headers = {"Content-Type": "application/x-www-form-urlencoded"}
with open("note.txt", "rb") as f:
    note = f.read()
data = quote_plus(note).encode()

response = requests.post(
    "https://api.example.com/", headers=headers, data=data, allow_redirects=False
)
print(response.status_code)
print(response.text)
