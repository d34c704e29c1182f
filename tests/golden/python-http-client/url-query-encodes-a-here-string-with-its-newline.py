import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/search?a%3d1%26b%3d2%0a")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
