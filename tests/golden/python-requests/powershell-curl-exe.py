import json

import requests

headers = {"Content-Type": "application/json"}
json_data = {"a": 1}

response = requests.post(
    "https://api.example.com/",
    headers=headers,
    data=json.dumps(json_data, separators=(",", ":")),
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
