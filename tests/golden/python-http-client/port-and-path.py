import http.client

conn = http.client.HTTPConnection("localhost:8080")
conn.request("GET", "/api/v1/users/42")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
