import sys

import httpx

headers = {"Content-Type": "application/x-www-form-urlencoded"}
content = sys.stdin.buffer.read().replace(b"\r", b"").replace(b"\n", b"")

response = httpx.post("https://api.example.com/", headers=headers, content=content)
print(response.status_code)
print(response.text)
