import json

import requests

headers = {"Content-Type": "application/json"}
json_data = {"name": "Blue shoes", "price": 42.5}

response = requests.post(
    "https://api.example.com/items",
    headers=headers,
    data=json.dumps(json_data, separators=(",", ":")),
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
