import httpx

headers = {"Content-Type": "application/x-www-form-urlencoded"}

response = httpx.post(
    "https://api.example.com/notes", headers=headers, content="indented\nmore\n"
)
print(response.status_code)
print(response.text)
