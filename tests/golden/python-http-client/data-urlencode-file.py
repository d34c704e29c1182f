import http.client
from urllib.parse import quote_plus

with open("note.txt", "rb") as f:
    note = f.read()
body = quote_plus(note).encode()
headers = {"Content-Type": "application/x-www-form-urlencoded"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
