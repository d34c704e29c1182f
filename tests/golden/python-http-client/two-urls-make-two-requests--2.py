import http.client

conn = http.client.HTTPSConnection("b.example.com")
conn.request("GET", "/2")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
