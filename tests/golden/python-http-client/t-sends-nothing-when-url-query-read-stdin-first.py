import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("PUT", "/blob?a%3d1%0a", body="")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
