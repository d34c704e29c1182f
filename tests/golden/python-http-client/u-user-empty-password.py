import base64
import http.client

credentials = base64.b64encode(b"alice:").decode()
headers = {"Authorization": f"Basic {credentials}"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
