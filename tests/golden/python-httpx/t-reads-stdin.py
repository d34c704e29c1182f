import sys

import httpx

content = sys.stdin.buffer.read()

response = httpx.put("https://api.example.com/blob", content=content)
print(response.status_code)
print(response.text)
