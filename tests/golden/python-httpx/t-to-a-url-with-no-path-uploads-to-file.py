import httpx

with open("note.txt", "rb") as f:
    content = f.read()

response = httpx.put("https://api.example.com/note.txt", content=content)
print(response.status_code)
print(response.text)
