import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/search?q=blue%20shoes&sort=-price&tags=a,b")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
