import os

import requests

TOKEN = os.environ.get("TOKEN", "")

headers = {"Authorization": f"Bearer {TOKEN}"}

response = requests.get(
    "https://api.example.com/", headers=headers, allow_redirects=False
)
print(response.status_code)
print(response.text)
