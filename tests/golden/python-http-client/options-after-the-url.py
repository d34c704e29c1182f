import http.client

headers = {"X-A": "1"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("PUT", "/x", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
