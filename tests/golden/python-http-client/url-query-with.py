import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/s?x=1&raw=a%20b")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
