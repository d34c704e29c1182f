import http.client

conn = http.client.HTTPSConnection("a.example.com")
conn.request("GET", "/1")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
