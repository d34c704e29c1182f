import http.client

headers = {"Content-Type": "application/x-www-form-urlencoded"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/", body="line1", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
