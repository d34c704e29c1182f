import http.client
import json

payload = {"a": 1}
body = json.dumps(payload, separators=(",", ":"))
headers = {"Content-Type": "application/json"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
