import http.client

conn = http.client.HTTPSConnection("a.example.com")
conn.request("GET", "/")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
