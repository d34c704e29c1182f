import http.client
from urllib.parse import urlencode

form = {"a": "1"}
body = urlencode(form)
headers = {"Content-Type": "application/x-www-form-urlencoded"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/form", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
