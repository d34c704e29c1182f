import http.client
import sys

conn = http.client.HTTPSConnection("api.example.com")
conn.request("PUT", "/blob", body=sys.stdin.buffer.read())
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
