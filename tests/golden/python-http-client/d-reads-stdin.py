import http.client
import sys

headers = {"Content-Type": "application/x-www-form-urlencoded"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request(
    "POST",
    "/",
    body=sys.stdin.buffer.read().replace(b"\r", b"").replace(b"\n", b""),
    headers=headers,
)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
