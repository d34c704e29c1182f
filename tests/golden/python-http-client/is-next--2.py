import http.client

conn = http.client.HTTPSConnection("b.example.com")
conn.request("DELETE", "/")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
