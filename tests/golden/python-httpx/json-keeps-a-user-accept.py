import json

import httpx

headers = {"Accept": "text/plain", "Content-Type": "application/json"}
json_data = [1]

response = httpx.post(
    "https://api.example.com/",
    headers=headers,
    content=json.dumps(json_data, separators=(",", ":")),
)
print(response.status_code)
print(response.text)
