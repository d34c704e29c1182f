import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/items")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
