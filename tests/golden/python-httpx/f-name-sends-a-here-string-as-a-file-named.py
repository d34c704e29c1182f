import httpx

files = {"f": ("-", "hello\n")}

response = httpx.post("https://api.example.com/upload", files=files)
print(response.status_code)
print(response.text)
