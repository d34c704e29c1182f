import http.client

conn = http.client.HTTPConnection("api.example.com")
conn.request("GET", "/items?x=1")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
