import http.client

with open("body.json", "rb") as f:
    body = f.read()
headers = {"Content-Type": "application/json", "Accept": "application/json"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
