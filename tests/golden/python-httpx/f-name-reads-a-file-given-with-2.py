import httpx

files = {"f": (None, open("form.txt", "rb"))}

response = httpx.post("https://api.example.com/upload", files=files)
print(response.status_code)
print(response.text)
