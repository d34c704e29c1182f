import os

import requests

USER_ID = os.environ.get("USER_ID", "")

response = requests.get(
    f"https://api.example.com/users/{USER_ID}/orders", allow_redirects=False
)
print(response.status_code)
print(response.text)
