import http.client
import json

payload = {"data": {}}
body = json.dumps(payload, separators=(",", ":"))
headers = {"Content-Type": "application/vnd.api+json"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
