import http.client
from urllib.parse import urlencode

form = {"x": "1"}
body = urlencode(form)
headers = {"Content-Type": "application/x-www-form-urlencoded"}

conn = http.client.HTTPSConnection("b.example.com")
conn.request("POST", "/", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
