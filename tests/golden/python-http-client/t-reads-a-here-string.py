import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("PUT", "/blob", body="a=1\n")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
