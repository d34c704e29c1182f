import http.client
import os

TOKEN = os.environ.get("TOKEN", "")

headers = {"Authorization": f"Bearer {TOKEN}"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
