import httpx

files = {"a": (None, "1"), "f": open("note.txt", "rb"), "b": (None, "2")}

response = httpx.post("https://api.example.com/", files=files)
print(response.status_code)
print(response.text)
