import base64
import http.client
from urllib.parse import urlencode

form = {"amount": "2000", "currency": "usd"}
body = urlencode(form)
credentials = base64.b64encode(b"sk_test_123:").decode()
headers = {
    "Content-Type": "application/x-www-form-urlencoded",
    "Authorization": f"Basic {credentials}",
}

conn = http.client.HTTPSConnection("api.example.com")
conn.request("POST", "/v1/charges", body=body, headers=headers)
response = conn.getresponse()
print(response.status)
print(response.read().decode())
conn.close()
