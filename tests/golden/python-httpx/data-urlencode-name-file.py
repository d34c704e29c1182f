from urllib.parse import quote_plus

import httpx

headers = {"Content-Type": "application/x-www-form-urlencoded"}
with open("form.txt", "rb") as f:
    form = f.read()
content = b"msg=" + quote_plus(form).encode()

response = httpx.post("https://api.example.com/", headers=headers, content=content)
print(response.status_code)
print(response.text)
