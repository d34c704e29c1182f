import json

import httpx

headers = {"Content-Type": "application/json", "Accept": "application/json"}
json_data = {"a": 1}

response = httpx.post(
    "https://api.example.com/",
    headers=headers,
    content=json.dumps(json_data, separators=(",", ":")),
)
print(response.status_code)
print(response.text)
