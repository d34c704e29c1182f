import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/search?q=a+b%0a&n=1")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
