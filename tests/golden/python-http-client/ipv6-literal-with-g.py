import http.client

conn = http.client.HTTPConnection("[::1]:8080")
conn.request("GET", "/x")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
