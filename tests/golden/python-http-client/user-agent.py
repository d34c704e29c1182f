import http.client

headers = {"User-Agent": "Mozilla/5.0 (X11)"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
