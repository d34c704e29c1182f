import httpx

files = {"f": ("-", open("note.txt", "rb"))}

response = httpx.post("https://api.example.com/upload", files=files)
print(response.status_code)
print(response.text)
