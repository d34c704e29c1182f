import os

import httpx

BASE_URL = os.environ.get("BASE_URL", "")

response = httpx.get(f"{BASE_URL}/items")
print(response.status_code)
print(response.text)
