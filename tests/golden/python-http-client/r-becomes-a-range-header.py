import http.client

headers = {"Range": "bytes=600-"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/file.bin", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
