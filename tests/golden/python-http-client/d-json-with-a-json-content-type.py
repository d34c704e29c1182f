import http.client
import json

payload = {"name": "Blue shoes", "price": 42.5}
body = json.dumps(payload, separators=(",", ":"))
headers = {"Content-Type": "application/json"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/items", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
