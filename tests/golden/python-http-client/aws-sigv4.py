import http.client

conn = http.client.HTTPSConnection("bucket.s3.amazonaws.com")
conn.request("GET", "/k")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
