import http.client

headers = {"Content-Type": "text/plain"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/", body="hello", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
