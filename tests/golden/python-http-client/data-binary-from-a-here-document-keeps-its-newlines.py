import http.client

headers = {"Content-Type": "text/plain"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/notes", body="first line\nsecond line\n", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
