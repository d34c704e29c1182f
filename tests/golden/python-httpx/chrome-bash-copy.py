import json

import httpx

headers = {
    "accept": "*/*",
    "content-type": "application/json",
    "origin": "https://app.example.com",
}
json_data = {"query": "{ me { name } }", "note": "it's"}

response = httpx.post(
    "https://api.example.com/graphql",
    headers=headers,
    content=json.dumps(json_data, separators=(",", ":")),
)
print(response.status_code)
print(response.text)
