import http.client

headers = {"Content-Type": "application/x-www-form-urlencoded"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/form?n=hi%0a", body="", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
