import http.client
from urllib.parse import quote_plus

with open("form.txt", "rb") as f:
    form = f.read()
body = b"msg=" + quote_plus(form).encode()
headers = {"Content-Type": "application/x-www-form-urlencoded"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
