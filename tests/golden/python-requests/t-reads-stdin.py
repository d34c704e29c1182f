import sys

import requests

data = sys.stdin.buffer.read()

response = requests.put(
    "https://api.example.com/blob", data=data, allow_redirects=False
)
print(response.status_code)
print(response.text)
