from urllib.parse import quote_plus

import requests

headers = {"Content-Type": "application/x-www-form-urlencoded"}
with open("form.txt", "rb") as f:
    form = f.read()
data = b"msg=" + quote_plus(form).encode()

response = requests.post(
    "https://api.example.com/", headers=headers, data=data, allow_redirects=False
)
print(response.status_code)
print(response.text)
