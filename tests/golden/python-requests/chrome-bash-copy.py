import json

import requests

headers = {
    "accept": "*/*",
    "content-type": "application/json",
    "origin": "https://app.example.com",
}
json_data = {"query": "{ me { name } }", "note": "it's"}

response = requests.post(
    "https://api.example.com/graphql",
    headers=headers,
    data=json.dumps(json_data, separators=(",", ":")),
    allow_redirects=False,
)
print(response.status_code)
print(response.text)
