import json

import requests

headers = {"Accept": "text/plain", "Content-Type": "application/json"}
json_data = [1]

response = requests.post(
    "https://api.example.com/",
    headers=headers,
    data=json.dumps(json_data, separators=(",", ":")),
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
