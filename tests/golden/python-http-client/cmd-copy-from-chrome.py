import http.client

headers = {
    "accept": "application/json",
    "Content-Type": "application/x-www-form-urlencoded",
}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/items?a=1&b=2", body='{"name":"a b"}', headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
