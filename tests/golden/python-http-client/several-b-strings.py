import http.client

headers = {"Cookie": "a=1;b=2"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
