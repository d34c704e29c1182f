import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/?q=a+b%2f%c3%a9")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
