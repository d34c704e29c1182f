import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/search?x=0&q=blue+shoes%0a&page=2")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
