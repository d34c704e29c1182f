import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/search?page=2&q=x")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
