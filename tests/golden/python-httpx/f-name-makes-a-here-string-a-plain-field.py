import httpx

files = {"msg": (None, "hello there\n"), "b": (None, "2")}

response = httpx.post("https://api.example.com/upload", files=files)
print(response.status_code)
print(response.text)
