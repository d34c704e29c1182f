import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/{a,b}.json")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
