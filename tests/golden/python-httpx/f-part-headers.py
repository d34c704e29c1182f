import httpx

files = {"f": ("note.txt", open("note.txt", "rb"), None, {"X-Part": "1"})}

response = httpx.post("https://api.example.com/upload", files=files)
print(response.status_code)
print(response.text)
