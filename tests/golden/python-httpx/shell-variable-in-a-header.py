import os

import httpx

TOKEN = os.environ.get("TOKEN", "")

headers = {"Authorization": f"Bearer {TOKEN}"}

response = httpx.get("https://api.example.com/", headers=headers)
print(response.status_code)
print(response.text)
