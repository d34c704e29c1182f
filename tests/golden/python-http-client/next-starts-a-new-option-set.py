import http.client

headers = {"X-A": "1"}

conn = http.client.HTTPSConnection("a.example.com")
conn.request("GET", "/", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
