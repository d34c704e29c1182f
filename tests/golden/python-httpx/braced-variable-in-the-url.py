import os

import httpx

USER_ID = os.environ.get("USER_ID", "")

response = httpx.get(f"https://api.example.com/users/{USER_ID}/orders")
print(response.status_code)
print(response.text)
