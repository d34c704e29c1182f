import http.client
import os

BASE_URL = os.environ.get("BASE_URL", "")

conn = http.client.HTTPConnection(f"{BASE_URL}/items")
conn.request("GET", "/")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
