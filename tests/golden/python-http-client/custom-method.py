import http.client

conn = http.client.HTTPSConnection("dav.example.com")
conn.request("PROPFIND", "/files/")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
