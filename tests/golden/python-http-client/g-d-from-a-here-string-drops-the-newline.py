import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/search?a=1")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
