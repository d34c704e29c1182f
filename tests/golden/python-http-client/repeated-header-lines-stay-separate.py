import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.putrequest("GET", "/", skip_accept_encoding=True)
conn.putheader("X-A", "1")
conn.putheader("X-A", "2")
conn.endheaders()
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
