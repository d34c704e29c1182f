import http.client

with open("note.txt", "rb") as f:
    body = f.read()

conn = http.client.HTTPSConnection("api.example.com")
conn.request("PUT", "/note.txt", body=body)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
