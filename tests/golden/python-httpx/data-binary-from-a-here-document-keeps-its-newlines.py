import httpx

headers = {"Content-Type": "text/plain"}

response = httpx.post(
    "https://api.example.com/notes",
    headers=headers,
    content="first line\nsecond line\n",
)
print(response.status_code)
print(response.text)
