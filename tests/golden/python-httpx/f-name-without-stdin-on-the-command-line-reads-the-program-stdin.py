import httpx

files = {"f": ("-", open("/dev/stdin", "rb")), "g": (None, "x")}

response = httpx.post("https://api.example.com/upload", files=files)
print(response.status_code)
print(response.text)
