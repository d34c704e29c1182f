import httpx

headers = {"Content-Type": "application/x-www-form-urlencoded"}
with open("form.txt", "rb") as f:
    content = f.read().replace(b"\r", b"").replace(b"\n", b"")

response = httpx.post("https://api.example.com/", headers=headers, content=content)
print(response.status_code)
print(response.text)
