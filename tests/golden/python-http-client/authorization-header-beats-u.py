import http.client

headers = {"Authorization": "Bearer x"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
