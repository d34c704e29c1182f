import httpx

files = {"image": ("avatar.png", open("pic.png", "rb"), "image/png")}

response = httpx.post("https://api.example.com/upload", files=files)
print(response.status_code)
print(response.text)
