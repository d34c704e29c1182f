import http.client

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/")
response = conn.getresponse()
print(response.status)
with open("out.json", "wb") as f:
    f.write(response.read())
conn.close()
