import http.client

headers = {"Content-Type": "application/json", "Accept": "application/json"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/items", body='{"name": "Blue"}\n', headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
