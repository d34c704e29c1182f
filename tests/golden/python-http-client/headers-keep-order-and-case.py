import http.client

headers = {"X-Trace-ID": "abc", "accept": "application/json", "X-B": "2"}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("GET", "/", headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
