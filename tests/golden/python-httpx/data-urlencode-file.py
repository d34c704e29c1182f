from urllib.parse import quote_plus

import httpx

headers = {"Content-Type": "application/x-www-form-urlencoded"}
with open("note.txt", "rb") as f:
    note = f.read()
content = quote_plus(note).encode()

response = httpx.post("https://api.example.com/", headers=headers, content=content)
print(response.status_code)
print(response.text)
