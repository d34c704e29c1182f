import os

import requests

BASE_URL = os.environ.get("BASE_URL", "")

response = requests.get(f"{BASE_URL}/items", allow_redirects=False)
print(response.status_code)
print(response.text)
