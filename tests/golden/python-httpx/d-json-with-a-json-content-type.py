import json

import httpx

headers = {"Content-Type": "application/json"}
json_data = {"name": "Blue shoes", "price": 42.5}

response = httpx.post(
    "https://api.example.com/items",
    headers=headers,
    content=json.dumps(json_data, separators=(",", ":")),
)
print(response.status_code)
print(response.text)
