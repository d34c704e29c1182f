import http.client

with open("data.bin", "rb") as f:
    body = f.read()
headers = {"Content-Type": "application/octet-stream"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
