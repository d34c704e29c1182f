import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/file.zip")
response = conn.getresponse()
print(response.status)
with open("file.zip", "wb") as f:
    f.write(response.read())
conn.close()
