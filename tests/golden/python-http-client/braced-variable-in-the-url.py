import http.client
import os

USER_ID = os.environ.get("USER_ID", "")

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", f"/users/{USER_ID}/orders")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
