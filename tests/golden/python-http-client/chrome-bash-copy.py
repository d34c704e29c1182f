import http.client
import json

payload = {"query": "{ me { name } }", "note": "it's"}
body = json.dumps(payload, separators=(",", ":"))
headers = {
    "accept": "*/*",
    "content-type": "application/json",
    "origin": "https://app.example.com",
}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/graphql", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
