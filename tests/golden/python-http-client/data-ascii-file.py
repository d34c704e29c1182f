import http.client

with open("form.txt", "rb") as f:
    body = f.read().replace(b"\r", b"").replace(b"\n", b"")
headers = {"Content-Type": "application/x-www-form-urlencoded"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
