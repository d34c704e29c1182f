import http.client
import ssl

context = ssl.create_default_context()
context.check_hostname = False
context.verify_mode = ssl.CERT_NONE

conn = http.client.HTTPSConnection("self-signed.example", context=context)
conn.request("GET", "/")
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
